export type HandlersFor<M extends { [K in keyof M]: { params: unknown; result: unknown } }> = {
  [N in keyof M]: (params: M[N]['params']) => Promise<M[N]['result']>;
};
