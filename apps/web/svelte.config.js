/** Svelte options for the web app and the @switchboard/ui components it compiles: runes mode everywhere. */
export default {
  compilerOptions: { runes: true },
};
