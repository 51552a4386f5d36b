import { useEffect, useState } from 'preact/hooks';
import type { MessageName, Params, Result } from '../../messages/index.ts';
import { send } from '../../browser/send.ts';
import { errorText } from '../../core/error-text.ts';

export type RequestState<N extends MessageName> =
  { status: 'loading' } | { status: 'done'; result: Result<N> } | { status: 'failed'; error: string };

/**
 * Asks the background when a page opens, and again when `revision` changes (the last answer
 * stays shown meanwhile); the page renders each state.
 */
export function useRequest<N extends MessageName>(type: N, params: Params<N>, revision = 0): RequestState<N> {
  const [state, setState] = useState<RequestState<N>>({ status: 'loading' });
  useEffect(() => {
    send(type, params).then(
      (result) => setState({ status: 'done', result }),
      (error: unknown) => setState({ status: 'failed', error: errorText(error) }),
    );
  }, [type, revision]);
  return state;
}
