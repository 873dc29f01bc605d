import { useMemo } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useTos } from '../api/get-tos.ts';
import { nestHeadings } from '../model/nest-headings.ts';
import './legal.css';

/**
 * /tos and /terms_of_service. The HTML comes from the server, which sanitises it. The operator's
 * text usually opens with its own h1 title: its headings move under the page's one h1.
 */
export default function TosPage() {
  const tos = useTos();
  const content = useMemo(() => (tos.data ? nestHeadings(tos.data.data.content, 2) : ''), [tos.data]);
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
          <div className="legal__content" dangerouslySetInnerHTML={{ __html: content }} />
        )}
      </article>
    </div>
  );
}
