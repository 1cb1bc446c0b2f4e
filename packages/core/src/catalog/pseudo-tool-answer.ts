/** A pseudo-tool's answer. */
export interface PseudoToolAnswer {
  /** The tool_result text for the model. */
  text: string;
  /** Prefixed tool names that become callable on the next model call. */
  revealed: string[];
  /** True when the input was unusable (the text says what to send instead). */
  isError: boolean;
}
