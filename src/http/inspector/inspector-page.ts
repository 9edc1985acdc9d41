export const INSPECTOR_HTML = '<!doctype html><title>authmock inspector</title>';
