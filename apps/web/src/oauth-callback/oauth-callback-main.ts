import {
  OAUTH_CALLBACK_CHANNEL,
  type OAuthCallbackMessage,
} from '../lib/standalone/oauth-callback-channel.ts';
import { keepRedirectAnswer } from '../lib/standalone/oauth-redirect-return.ts';

// The authorization server sent the person back here (standalone mode's redirect_uri). When the app
// itself left for the authorization page, keep the answer for it and go back; else hand the answer to
// the app on a same-origin channel, take the code out of this page's address, and close the popup.
const returnHref = keepRedirectAnswer(window.sessionStorage, window.location.search);
if (returnHref) window.location.replace(returnHref);
else {
  const message: OAuthCallbackMessage = { search: window.location.search };
  const channel = new BroadcastChannel(OAUTH_CALLBACK_CHANNEL);
  channel.postMessage(message);
  channel.close();
  window.history.replaceState(null, '', window.location.pathname);
  window.close();
}
