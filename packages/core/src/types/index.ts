export type * from './events.ts';
export type * from './layers.ts';
export type * from './messages.ts';
export type * from './model.ts';
export type * from './tool-call.ts';
