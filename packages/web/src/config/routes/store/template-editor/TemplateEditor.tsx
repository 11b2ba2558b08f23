import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  type Diagnostic,
  previewUrl,
  refusedDiagnostics,
  type TemplateDetail,
  type TemplateVersion,
  templateQuery,
  templatesQuery,
  useTemplateActions,
  validateTemplate,
} from '../../../api/templates';
import { ErrorNotice, LoadError, SkeletonForm } from '../../../components/Status';
import { dateTime } from '../../../format';
import { TEXTS } from '../../../texts';
import { CodeEditor } from './CodeEditor';

function versionWhat(v: TemplateVersion): string {
  if (v.action === 'rollback') return TEXTS.versionRolledBack(v.restoredNumber);
  return v.isDefault ? TEXTS.versionReverted : TEXTS.versionPublished;
}

function Problems({ diagnostics }: { diagnostics: Diagnostic[] | null }) {
  return (
    <section className="cfg-tpl-problems" aria-labelledby="tpl-problems">
      <h2 id="tpl-problems">{TEXTS.templateProblems}</h2>
      <div aria-live="polite">
        {diagnostics === null ? (
          <p className="cfg-muted">{TEXTS.templateChecking}</p>
        ) : diagnostics.length === 0 ? (
          <p className="cfg-muted">{TEXTS.templateNoProblems}</p>
        ) : (
          <ul>
            {diagnostics.map((d) => (
              <li key={`${d.line}:${d.column}:${d.message}`}>
                <strong>{TEXTS.templateProblemAt(d.line, d.column)}</strong>: {d.message}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function Versions({
  detail,
  onRollback,
  busy,
}: {
  detail: TemplateDetail;
  onRollback(n: number): void;
  busy: boolean;
}) {
  if (detail.versions.length === 0) return <p className="cfg-muted">{TEXTS.noVersions}</p>;
  return (
    <div className="cfg-table-wrap">
      <table className="cfg-table">
        <caption className="cfg-visually-hidden">{TEXTS.versions}</caption>
        <thead>
          <tr>
            <th scope="col">{TEXTS.version}</th>
            <th scope="col">{TEXTS.what}</th>
            <th scope="col">{TEXTS.when}</th>
            <th scope="col">{TEXTS.who}</th>
            <th scope="col">
              <span className="cfg-visually-hidden">{TEXTS.rollBack}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {detail.versions.map((v) => (
            <tr key={v.number}>
              <td>{v.number}</td>
              <td>{versionWhat(v)}</td>
              <td>{dateTime(v.publishedAt)}</td>
              <td>{v.publishedBy?.email ?? TEXTS.commandLine}</td>
              <td>
                {v.number === detail.publishedNumber ? (
                  <span className="cfg-badge cfg-badge-on">{TEXTS.current}</span>
                ) : (
                  <button
                    type="button"
                    className="cfg-button"
                    disabled={busy}
                    aria-label={`${TEXTS.rollBack}: ${TEXTS.version} ${v.number}`}
                    onClick={() => onRollback(v.number)}
                  >
                    {TEXTS.rollBack}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Editor({
  detail,
  vocabulary,
}: {
  detail: TemplateDetail;
  vocabulary: { formatters: string[]; predicates: string[] };
}) {
  const actions = useTemplateActions(detail.name);
  const [source, setSource] = useState(detail.draft?.source ?? detail.publishedSource);
  // A rollback or revert puts another source in the editor: it starts again from it.
  const [start, setStart] = useState({ key: 0, source });
  const [diagnostics, setDiagnostics] = useState<Diagnostic[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [path, setPath] = useState(detail.previewPath ?? '');
  const [preview, setPreview] = useState<{ path: string; at: number } | null>(
    detail.previewPath ? { path: detail.previewPath, at: Date.now() } : null,
  );
  const busy =
    actions.saveDraft.isPending ||
    actions.publish.isPending ||
    actions.rollback.isPending ||
    actions.revert.isPending;

  const begin = () => {
    setNotice(null);
    setFailure(null);
  };
  const restart = (next: TemplateDetail, message: string) => {
    setSource(next.publishedSource);
    setStart((s) => ({ key: s.key + 1, source: next.publishedSource }));
    setNotice(message);
    if (path) setPreview({ path, at: Date.now() });
  };

  const saveDraft = async () => {
    begin();
    try {
      await actions.saveDraft.mutateAsync(source);
      setNotice(TEXTS.draftSaved);
    } catch (err) {
      setFailure(err);
    }
  };
  const showPreview = async (event: React.FormEvent) => {
    event.preventDefault();
    begin();
    try {
      await actions.saveDraft.mutateAsync(source);
      setPreview({ path, at: Date.now() });
    } catch (err) {
      setFailure(err);
    }
  };
  const publish = async () => {
    begin();
    try {
      await actions.publish.mutateAsync(source);
      setNotice(TEXTS.published);
      if (path) setPreview({ path, at: Date.now() });
    } catch (err) {
      const refused = refusedDiagnostics(err);
      if (refused) setDiagnostics(refused);
      setFailure(err);
    }
  };
  const rollback = async (number: number) => {
    begin();
    try {
      restart(await actions.rollback.mutateAsync(number).then((r) => r.template), TEXTS.rolledBack(number));
    } catch (err) {
      setFailure(err);
    }
  };
  const revert = async () => {
    begin();
    try {
      restart(await actions.revert.mutateAsync().then((r) => r.template), TEXTS.reverted);
    } catch (err) {
      setFailure(err);
    }
  };

  return (
    <>
      <p className="cfg-intro">
        {TEXTS.inForce(detail.versions[0]?.isDefault === false ? detail.publishedNumber : null)}{' '}
        {detail.draft &&
          TEXTS.draftFrom(
            dateTime(detail.draft.updatedAt),
            detail.draft.updatedBy?.email ?? TEXTS.commandLine,
          )}
      </p>
      <ErrorNotice error={failure} />
      {notice && <output className="cfg-notice">{notice}</output>}
      <div className="cfg-tpl-layout">
        <section className="cfg-tpl-source" aria-label={TEXTS.templateSource}>
          <CodeEditor
            key={start.key}
            initial={start.source}
            vocabulary={vocabulary}
            validate={(s) => validateTemplate(detail.name, s)}
            onChange={(s) => {
              setSource(s);
              setDiagnostics(null);
            }}
            onChecked={setDiagnostics}
          />
          <Problems diagnostics={diagnostics} />
          <div className="cfg-actions cfg-actions-start">
            <button type="button" className="cfg-button cfg-button-primary" disabled={busy} onClick={publish}>
              {actions.publish.isPending ? TEXTS.publishing : TEXTS.publish}
            </button>
            <button type="button" className="cfg-button" disabled={busy} onClick={saveDraft}>
              {TEXTS.saveDraft}
            </button>
            <button type="button" className="cfg-button cfg-button-quiet" disabled={busy} onClick={revert}>
              {TEXTS.revertToDefault}
            </button>
          </div>
        </section>
        <section className="cfg-tpl-preview" aria-labelledby="tpl-preview">
          <h2 id="tpl-preview">{TEXTS.preview}</h2>
          <form className="cfg-tpl-preview-form" onSubmit={showPreview}>
            <div className="cfg-field">
              <label htmlFor="tpl-preview-path">{TEXTS.previewPath}</label>
              <input
                id="tpl-preview-path"
                value={path}
                onChange={(e) => setPath(e.target.value)}
                aria-describedby="tpl-preview-hint"
                placeholder="/"
              />
              <p id="tpl-preview-hint" className="cfg-hint">
                {TEXTS.previewPathHint}
              </p>
            </div>
            <button type="submit" className="cfg-button" disabled={busy || path === ''}>
              {TEXTS.preview}
            </button>
          </form>
          {preview && (
            <iframe
              key={preview.at}
              className="cfg-tpl-frame"
              title={TEXTS.previewFrame}
              src={`${previewUrl(detail.name, preview.path)}&at=${preview.at}`}
            />
          )}
        </section>
      </div>
      <section className="cfg-section" aria-labelledby="tpl-versions">
        <h2 id="tpl-versions">{TEXTS.versions}</h2>
        <Versions detail={detail} onRollback={rollback} busy={busy} />
      </section>
    </>
  );
}

/** One theme template: its source in CodeMirror, its problems as you type, a preview, publishing and its versions. */
export function TemplateEditor() {
  const name = useParams().name ?? '';
  const detail = useQuery(templateQuery(name));
  const list = useQuery(templatesQuery());
  return (
    <>
      <div className="cfg-page-head">
        <h1>{detail.data?.file ?? TEXTS.templates}</h1>
        <Link to=".." relative="path">
          {TEXTS.allTemplates}
        </Link>
      </div>
      {detail.isPending || list.isPending ? (
        <SkeletonForm fields={6} />
      ) : detail.isError || list.isError ? (
        <LoadError onRetry={() => (detail.isError ? detail.refetch() : list.refetch())} />
      ) : (
        <Editor key={name} detail={detail.data} vocabulary={list.data} />
      )}
    </>
  );
}
