import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type Campaign, campaignsQuery, mailingListsQuery } from '../../../api/newsletter';
import { columnsFor, DataTable } from '../../../components/DataTable';
import { LoadError, SkeletonTable } from '../../../components/Status';
import { dateTime } from '../../../format';
import { TEXTS } from '../../../texts';

const col = columnsFor<Campaign>();

/** Campaigns, newest change first: drafts to finish, and how far each sent one has gone out. */
export function CampaignsScreen() {
  const campaigns = useQuery(campaignsQuery());
  const lists = useQuery(mailingListsQuery());
  const listName = (id: string | null) => lists.data?.find((l) => l.id === id)?.name ?? '—';
  const columns = [
    col.accessor('subject', {
      header: TEXTS.campaignSubject,
      cell: (info) => (
        <Link to={encodeURIComponent(info.row.original.id)} className="cfg-row-link">
          {info.getValue() || TEXTS.draft}
        </Link>
      ),
    }),
    col.display({ id: 'list', header: TEXTS.campaignList, cell: (i) => listName(i.row.original.listId) }),
    col.display({
      id: 'status',
      header: TEXTS.status,
      cell: (i) => {
        const c = i.row.original;
        if (c.status === 'draft') return TEXTS.draft;
        const parts = [TEXTS.campaignProgress(c.sentCount, c.recipientCount)];
        if (c.trackOpens) parts.push(TEXTS.opens(c.openedCount));
        return `${TEXTS.sentStatus} ${c.sentAt ? dateTime(c.sentAt) : ''} · ${parts.join(' · ')}`;
      },
    }),
  ];
  return (
    <>
      <div className="cfg-page-head">
        <h1>{TEXTS.campaigns}</h1>
        <div className="cfg-actions">
          <Link to="/newsletter" className="cfg-button">
            {TEXTS.mailingLists}
          </Link>
          <Link to="new" className="cfg-button cfg-button-primary">
            {TEXTS.newCampaign}
          </Link>
        </div>
      </div>
      {campaigns.isPending ? (
        <SkeletonTable columns={3} />
      ) : campaigns.isError ? (
        <LoadError onRetry={() => campaigns.refetch()} />
      ) : (
        <DataTable
          caption={TEXTS.campaigns}
          columns={columns}
          data={campaigns.data}
          rowId={(c) => c.id}
          empty={TEXTS.noCampaigns}
        />
      )}
    </>
  );
}
