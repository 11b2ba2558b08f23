import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type TemplateSummary, templatesQuery } from '../../../api/templates';
import { LoadError, SkeletonTable } from '../../../components/Status';
import { TEXTS } from '../../../texts';

/** The theme's files by folder, as a theme author lays them out (`site.region` at the top). */
function byFolder(templates: TemplateSummary[]): [string, TemplateSummary[]][] {
  const folders = new Map<string, TemplateSummary[]>();
  for (const t of templates) {
    const slash = t.file.lastIndexOf('/');
    const folder = slash < 0 ? '' : t.file.slice(0, slash);
    folders.set(folder, [...(folders.get(folder) ?? []), t]);
  }
  return [...folders.entries()]
    .map(([folder, files]): [string, TemplateSummary[]] => [
      folder,
      files.sort((a, b) => a.file.localeCompare(b.file)),
    ])
    .sort(([a], [b]) => a.localeCompare(b));
}

function FileEntry({ template }: { template: TemplateSummary }) {
  const base = template.file.slice(template.file.lastIndexOf('/') + 1);
  return (
    <li className="cfg-tpl-file">
      <Link to={template.name}>{base}</Link>
      {template.customized && <span className="cfg-badge cfg-badge-on">{TEXTS.templateCustomized}</span>}
      {template.hasDraft && <span className="cfg-badge">{TEXTS.templateHasDraft}</span>}
    </li>
  );
}

/** The theme's templates in their folders; each opens in the editor. */
export function TemplatesScreen() {
  const list = useQuery(templatesQuery());
  return (
    <>
      <div className="cfg-page-head">
        <h1>{TEXTS.templates}</h1>
      </div>
      <p className="cfg-intro">{TEXTS.templatesIntro}</p>
      {list.isPending ? (
        <SkeletonTable columns={1} rows={8} />
      ) : list.isError ? (
        <LoadError onRetry={() => list.refetch()} />
      ) : (
        <ul className="cfg-tpl-tree" aria-label={TEXTS.templateFiles}>
          {byFolder(list.data.templates).map(([folder, files]) =>
            folder === '' ? (
              files.map((t) => <FileEntry key={t.name} template={t} />)
            ) : (
              <li key={folder} className="cfg-tpl-folder">
                <span className="cfg-tpl-folder-name">{folder}/</span>
                <ul>
                  {files.map((t) => (
                    <FileEntry key={t.name} template={t} />
                  ))}
                </ul>
              </li>
            ),
          )}
        </ul>
      )}
    </>
  );
}
