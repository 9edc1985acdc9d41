// How OpenAPI says an operation is secured: its own `security` replaces the document's,
// a list means "any one of these", and an empty requirement `{}` in the list makes
// credentials optional (the operation also answers callers without any).

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The security requirements that apply to an operation (a list, possibly empty). */
export function readEffectiveSecurity(document, operation) {
  const own = operation?.security;
  const requirements = Array.isArray(own) ? own : Array.isArray(document?.security) ? document.security : [];
  return requirements.filter(isObject);
}

/** Whether every way in needs credentials: at least one requirement and no `{}` among them. */
export function isCredentialRequired(requirements) {
  return requirements.length > 0 && requirements.every((r) => Object.keys(r).length > 0);
}

/** The scheme names the requirements use, each once. */
export function listSchemeNames(requirements) {
  return [...new Set(requirements.flatMap((r) => Object.keys(r)))];
}

/** The scopes (OAuth 2) or roles (other schemes, OAS 3.1) the requirements list, each once. */
export function listScopes(requirements) {
  return [...new Set(requirements.flatMap((r) => Object.values(r).flatMap((s) => (Array.isArray(s) ? s : []))))];
}
