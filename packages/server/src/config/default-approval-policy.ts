import type { ApprovalPolicy } from '@switchboard/core';
import { UI_LAYER_NAME } from '../store/server-store.ts';

/**
 * The approval policy of a gateway whose configuration sets none (a fresh `npm start`): careful by
 * default. A tool annotated read-only runs; every other tool — the MCP default for a tool without
 * annotations is that it may change the world, destructively — waits for the person to approve it,
 * in chat, on the Tools tab and on `/mcp` alike. The two tools of the gateway's own UI layer that
 * are not read-only run without asking: `widget_display` adds a widget to the person's canvas and
 * `canvas` arranges or clears it; both change only what this conversation shows the person, in front
 * of them, and everything a widget shows stays in the conversation.
 */
export const DEFAULT_APPROVAL_POLICY: ApprovalPolicy = {
  rules: [
    { match: `${UI_LAYER_NAME}:widget_display`, action: 'allow' },
    { match: `${UI_LAYER_NAME}:canvas`, action: 'allow' },
  ],
  readOnly: 'allow',
  defaultAction: 'ask',
};
