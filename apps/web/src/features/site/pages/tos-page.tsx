import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useTos } from '../api/get-tos.ts';
import './legal.css';

/** /tos and /terms_of_service. The HTML comes from the server, which sanitises it. */
export default function TosPage() {
  const tos = useTos();
  return (
    <div className="page page--text">
      <article className="card legal">
        <h1>Terms of Service</h1>
        {tos.isPending && <LoadingBlock label="Loading the terms…" />}
        {tos.isError && (
          <Alert tone="error" title="The terms could not be loaded">
            <p>{messageOf(tos.error)}</p>
            <Button variant="secondary" onClick={() => void tos.refetch()} loading={tos.isFetching}>
              Try again
            </Button>
          </Alert>
        )}
        {tos.isSuccess && (
          <div className="legal__content" dangerouslySetInnerHTML={{ __html: tos.data.data.content }} />
        )}
      </article>
    </div>
  );
}
