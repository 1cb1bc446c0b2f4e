/**
 * What the offline planner is: not a language model, and how to configure one. Its replies do not
 * repeat it; a UI shows it once per conversation (a dismissible notice next to the model's label).
 * Model specs are in backticks: it is shown as Markdown, where a bare `<model>` would read as an
 * HTML tag and be removed.
 */
export const OFFLINE_PLANNER_NOTICE =
  'Replies come from the offline planner: a deterministic, rule-based planner, not a language model. ' +
  'It searches the tools, fills their arguments from your words by fixed rules, calls one tool and shows ' +
  'the result. To use a real model, set SWITCHBOARD_MODEL (`anthropic:<model>`, `openai:<model>`, or ' +
  '`openai-compatible:<base URL>#<model>`, e.g. `openai-compatible:http://127.0.0.1:11434/v1#qwen3` for Ollama), ' +
  'or set ANTHROPIC_API_KEY, or OPENAI_API_KEY (with OPENAI_BASE_URL for any OpenAI-compatible server).';
