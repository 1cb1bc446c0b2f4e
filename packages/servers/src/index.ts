export * from './browser.ts';
export { KEY_NOT_FOUND, startCalculatorStorage } from './calculator-storage/start-calculator-storage.ts';
export type { ProtectedResourceOptions } from './launcher/protect-resource.ts';
export { type HttpServing, type ServeHttpOptions, serveHttp } from './launcher/serve-http.ts';
export { type StdioServing, serveStdio } from './launcher/serve-stdio.ts';
export { LOCAL_USER } from './launcher/user-of.ts';
export {
  DATA_SOURCE as OPEN_DATA_SOURCE,
  type OpenDataOptions,
  startOpenData,
} from './open-data/start-open-data.ts';
export { parseRecipe, type Recipe } from './recipes/parse-recipe.ts';
export type { ShippedServer } from './shipped-server.ts';
export {
  isShippedServerName,
  SHIPPED_SERVERS,
  type ShippedServerName,
  type ShippedServerOptions,
} from './shipped-servers.ts';
export { SHOP_DATA_DIR_ENV, type ShopOptions, startShop } from './shop/start-shop.ts';
