/** `authmock check`'s options, as the CLI parses them. */
export interface CheckFlags {
  /** folders besides each --spec's own that its `$ref`s may read (the project file's refRoots) */
  refRoots?: string[];
  target?: string;
  api: string;
  commerceUrl?: string;
  socialUrl?: string;
  /** the built-in APIs' folder (--builtin-specs) */
  builtinSpecs: string;
  fixtures?: string;
  credentials?: string;
  lockout: boolean;
  lockoutAttempts: string;
  jsonOnly?: boolean;
  proxySafe?: boolean;
  junit?: string;
  json?: string;
  html?: string;
  timeout: string;
  list?: boolean;
  quiet?: boolean;
  /** a user's specs: check these instead of the built-in APIs */
  spec?: string[];
  /** call every operation of a server that is not authmock, not only GET, HEAD and OPTIONS */
  unsafe?: boolean;
  /** operationIds or tags (each may list several, comma-separated) */
  only?: string[];
  skip?: string[];
  maxRequests?: string;
}

/** Where a check writes, and the environment it reads (AUTHMOCK_CONTROL_KEY, NO_COLOR, credentials' variables). */
export interface CheckIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}
