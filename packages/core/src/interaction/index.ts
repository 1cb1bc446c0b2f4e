/** What servers ask of the person during a tool call: forms and links (elicitation), completions (sampling). */
export {
  DEFAULT_ELICITATION_TIMEOUT_MS,
  type ElicitationAnswerOutcome,
  ElicitationBroker,
  type ElicitationBrokerOptions,
  type ElicitationRequest,
  type ElicitationResolution,
} from './elicitation-broker.ts';
export { type RunInteractionOptions, RunInteractions } from './run-interactions.ts';
export {
  DEFAULT_SAMPLING_MAX_TOKENS,
  DEFAULT_SAMPLING_TIMEOUT_MS,
  SamplingBroker,
  type SamplingBrokerOptions,
  type SamplingRequest,
  type SamplingResolution,
} from './sampling-broker.ts';
