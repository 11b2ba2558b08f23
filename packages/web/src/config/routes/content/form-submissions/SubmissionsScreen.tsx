import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { fetchSubmissions, formKeys, type Submission, submissionsCsvUrl } from '../../../api/forms';
import { LoadMore } from '../../../components/LoadMore';
import { LoadError, SkeletonTable } from '../../../components/Status';
import { dateTime } from '../../../format';
import { TEXTS } from '../../../texts';

function SubmissionCard({ submission }: { submission: Submission }) {
  return (
    <article className="cfg-submission">
      <h2 className="cfg-submission-when">{dateTime(submission.submittedAt)}</h2>
      <dl>
        {submission.answers.map((a) => (
          <div key={a.title}>
            <dt>{a.title}</dt>
            <dd>{a.text}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/** What visitors sent through one form, newest first, searchable, exported as CSV. */
export function SubmissionsScreen() {
  const { formId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const list = useInfiniteQuery({
    queryKey: [...formKeys.all, 'submissions', formId, q],
    queryFn: ({ pageParam }) => fetchSubmissions(formId, q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const first = list.data?.pages[0];
  const submissions = list.data?.pages.flatMap((p) => p.submissions) ?? [];

  function search(event: FormEvent) {
    event.preventDefault();
    setParams(typed.trim() ? { q: typed.trim() } : {});
  }

  return (
    <>
      <div className="cfg-page-head">
        <h1>
          {TEXTS.submissions}
          {first ? `: ${first.form.name}` : ''}
        </h1>
        <div className="cfg-actions">
          <Link to=".." relative="path" className="cfg-button cfg-button-quiet">
            {TEXTS.form}
          </Link>
          <a
            href={submissionsCsvUrl(formId, q)}
            className="cfg-button"
            download={`submissions-${formId}.csv`}
          >
            {TEXTS.exportCsv}
          </a>
        </div>
      </div>
      <search className="cfg-search">
        <form onSubmit={search} className="cfg-filters" noValidate>
          <div className="cfg-field">
            <label htmlFor="submissions-q">{TEXTS.search}</label>
            <input
              id="submissions-q"
              type="search"
              value={typed}
              placeholder={TEXTS.submissionsSearch}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
          <div className="cfg-filter-actions">
            <button type="submit" className="cfg-button">
              {TEXTS.search}
            </button>
          </div>
        </form>
      </search>
      {list.isPending ? (
        <SkeletonTable columns={3} />
      ) : list.isError ? (
        <LoadError onRetry={() => list.refetch()} />
      ) : submissions.length === 0 ? (
        <p className="cfg-empty">{q ? TEXTS.noMatchingSubmissions : TEXTS.noSubmissions}</p>
      ) : (
        <div className="cfg-submissions">
          {submissions.map((s) => (
            <SubmissionCard key={s.id} submission={s} />
          ))}
          <LoadMore pages={list} label={TEXTS.moreSubmissions} busyLabel={TEXTS.loading} />
        </div>
      )}
    </>
  );
}
