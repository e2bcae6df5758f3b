import { LoadingStatus } from '../../../components/loading-status';

/** A report part while it loads (announced to screen readers). */
export function LoadingBlock({ text }: { text: string }) {
  return <LoadingStatus text={text} />;
}
