import { describe, expect, it } from 'vitest';
import { disambiguatedToolName, endpointToolName } from './endpoint-tool-name.ts';

describe('endpoint tool names', () => {
  it('are {server}_{tool}, sanitized', () => {
    expect(endpointToolName('Test Tools', 'echo')).toBe('test_tools_echo');
    expect(endpointToolName('shop', 'add.to/cart')).toBe('shop_add_to_cart');
  });

  it('fit in 64 characters, keep a readable prefix and stay apart when long', () => {
    const server = 'a-very-long-server-name-that-goes-on-and-on';
    const first = endpointToolName(server, 'get_the_weather_forecast_for_a_city');
    const second = endpointToolName(server, 'get_the_weather_forecast_for_a_country');
    for (const name of [first, second]) {
      expect(name.length).toBeLessThanOrEqual(64);
      expect(name).toMatch(/^a_very_long_server_name[a-zA-Z0-9_-]*_[0-9a-f]{8}$/);
    }
    expect(first).not.toBe(second);
    expect(endpointToolName(server, 'get_the_weather_forecast_for_a_city')).toBe(first);
  });

  it('tell apart tools whose names coincide after sanitizing', () => {
    expect(endpointToolName('shop', 'a.b')).toBe(endpointToolName('shop', 'a/b'));
    expect(disambiguatedToolName('shop', 'a.b')).not.toBe(disambiguatedToolName('shop', 'a/b'));
  });
});
