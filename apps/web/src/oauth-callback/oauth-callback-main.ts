import {
  OAUTH_CALLBACK_CHANNEL,
  type OAuthCallbackMessage,
} from '../lib/standalone/oauth-callback-channel.ts';

// The authorization server sent the person back here (standalone mode's redirect_uri): hand the
// answer to the app on a same-origin channel, take the code out of this page's address, and close.
const message: OAuthCallbackMessage = { search: window.location.search };
const channel = new BroadcastChannel(OAUTH_CALLBACK_CHANNEL);
channel.postMessage(message);
channel.close();
window.history.replaceState(null, '', window.location.pathname);
window.close();
