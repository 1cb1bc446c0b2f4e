import { describe, expect, it } from 'vitest';
import { isRecallToolName, RECALL_TOOL_NAME } from './recall-tool-name.ts';
import { prefixedToolName } from './tool-name.ts';

describe('isRecallToolName', () => {
  it('knows the bare name and a WebMCP layer’s prefixed recall', () => {
    expect(isRecallToolName(RECALL_TOOL_NAME)).toBe(true);
    expect(isRecallToolName(prefixedToolName('autoui', 'webmcp', RECALL_TOOL_NAME))).toBe(true);
  });

  it('refuses other tools, and a recall an MCP server declares', () => {
    expect(isRecallToolName('shop_mcp_recall')).toBe(false);
    expect(isRecallToolName('autoui_webmcp_recall_more')).toBe(false);
    expect(isRecallToolName('recalls')).toBe(false);
  });
});
