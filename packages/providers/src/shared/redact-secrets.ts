/** Strings shaped like vendor API keys (`sk-…`, `sk-ant-…`, `sk-proj-…`), hidden even when not listed. */
const KEY_SHAPED = /\bsk-[A-Za-z0-9_-]{8,}/g;

/** Replaces the given secrets (API keys), and anything shaped like an API key, in `text` with `***`. */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) result = result.replaceAll(secret, '***');
  }
  return result.replace(KEY_SHAPED, 'sk-***');
}
