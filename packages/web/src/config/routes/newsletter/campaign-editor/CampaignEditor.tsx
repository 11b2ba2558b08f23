import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { campaignBody } from '../../../../../../server/src/modules/owner-newsletter/schema';
import {
  type Campaign,
  type CampaignBody,
  campaignPreviewUrl,
  campaignQuery,
  mailingListsQuery,
  useRemoveCampaign,
  useSaveCampaign,
  useSendCampaign,
  useTestSend,
} from '../../../api/newsletter';
import { sessionQuery } from '../../../api/session';
import { DeleteButton } from '../../../components/DeleteButton';
import { Field, type Option } from '../../../components/Field';
import { ErrorNotice, LoadError, SkeletonForm } from '../../../components/Status';
import { schemaResolver } from '../../../components/schema-resolver';
import { showServerErrors } from '../../../components/server-errors';
import { TEXTS } from '../../../texts';

interface Values {
  listId: string;
  subject: string;
  body: string;
  trackOpens: boolean;
}

const FIELDS = ['listId', 'subject', 'body'] as const;

const toBody = (v: Values): CampaignBody => ({
  listId: v.listId || null,
  subject: v.subject,
  body: v.body,
  trackOpens: v.trackOpens,
});

/** Preview, test-send and send: only for a saved draft, each on the text as last saved. */
function SendPanel({
  campaign,
  listName,
  onFailure,
}: {
  campaign: Campaign;
  listName: string;
  onFailure: (e: unknown) => void;
}) {
  const { data: contributor } = useQuery(sessionQuery());
  const [to, setTo] = useState(contributor?.email ?? '');
  const [previewing, setPreviewing] = useState(false);
  const [asking, setAsking] = useState(false);
  const test = useTestSend(campaign.id);
  const send = useSendCampaign(campaign.id);
  return (
    <section className="cfg-section">
      <div className="cfg-actions cfg-actions-start">
        <button type="button" className="cfg-button" onClick={() => setPreviewing((p) => !p)}>
          {TEXTS.preview}
        </button>
      </div>
      {previewing && (
        <figure className="cfg-campaign-preview">
          <figcaption>
            {TEXTS.campaignSubject}: <strong>{campaign.subject}</strong>
          </figcaption>
          <iframe
            title={TEXTS.previewTitle}
            sandbox=""
            src={campaignPreviewUrl(campaign.id, campaign.updatedAt)}
          />
        </figure>
      )}
      <div className="cfg-filters">
        <div className="cfg-field">
          <label htmlFor="campaign-test-to">{TEXTS.testSendTo}</label>
          <input id="campaign-test-to" type="email" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
        <div className="cfg-filter-actions">
          <button
            type="button"
            className="cfg-button"
            disabled={test.isPending}
            onClick={() => test.mutate(to, { onError: onFailure })}
          >
            {TEXTS.sendTest}
          </button>
        </div>
      </div>
      {test.isSuccess && <output className="cfg-saved">{TEXTS.testSent}</output>}
      <div className="cfg-actions cfg-actions-start">
        {asking ? (
          <>
            <span role="alert">{TEXTS.confirmSend(listName)}</span>
            <button type="button" className="cfg-button" onClick={() => setAsking(false)}>
              {TEXTS.cancel}
            </button>
            <button
              type="button"
              className="cfg-button cfg-button-primary"
              disabled={send.isPending}
              onClick={() =>
                send.mutate(undefined, { onError: onFailure, onSettled: () => setAsking(false) })
              }
            >
              {send.isPending ? TEXTS.sending : TEXTS.sendCampaign}
            </button>
          </>
        ) : (
          <button type="button" className="cfg-button cfg-button-primary" onClick={() => setAsking(true)}>
            {TEXTS.sendCampaign}
          </button>
        )}
      </div>
    </section>
  );
}

function EditorForm({ saved }: { saved: Campaign | null }) {
  const navigate = useNavigate();
  const lists = useQuery(mailingListsQuery());
  const save = useSaveCampaign();
  const remove = useRemoveCampaign();
  const [failure, setFailure] = useState<unknown>(null);
  const [savedNote, setSavedNote] = useState(false);
  const sent = saved?.status === 'sent';
  const form = useForm<Values, unknown, CampaignBody>({
    resolver: schemaResolver(campaignBody, toBody),
    defaultValues: {
      listId: saved?.listId ?? '',
      subject: saved?.subject ?? '',
      body: saved?.body ?? '',
      trackOpens: saved?.trackOpens ?? false,
    },
  });
  const listOptions: Option[] = [
    { value: '', label: TEXTS.chooseList },
    ...(lists.data ?? []).map((l) => ({ value: l.id, label: `${l.name} (${l.counts.subscribed})` })),
  ];
  // A refusal of test-send or send names the field to fix (spec §5 'A List must be selected', 'Add an email subject').
  const onFailure = (err: unknown) => {
    if (!showServerErrors(form, err, FIELDS)) setFailure(err);
  };
  const onSubmit = form.handleSubmit((body) => {
    setFailure(null);
    setSavedNote(false);
    return save.mutateAsync({ id: saved?.id, body }).then((result) => {
      setSavedNote(true);
      form.reset(form.getValues());
      if (!saved) navigate(`../${encodeURIComponent(result.id)}`, { replace: true, relative: 'path' });
    }, onFailure);
  });
  const listName = lists.data?.find((l) => l.id === saved?.listId)?.name ?? '';
  return (
    <>
      <form onSubmit={onSubmit} noValidate className="cfg-form">
        {sent && <p className="cfg-notice">{TEXTS.campaignSentNote}</p>}
        <ErrorNotice error={failure ?? remove.error} />
        <Field
          form={form}
          name="listId"
          label={TEXTS.campaignList}
          kind="select"
          options={listOptions}
          disabled={sent}
          idPrefix="campaign"
        />
        <Field form={form} name="subject" label={TEXTS.campaignSubject} disabled={sent} idPrefix="campaign" />
        <Field
          form={form}
          name="body"
          label={TEXTS.campaignBody}
          hint={TEXTS.campaignBodyHint}
          kind="textarea"
          disabled={sent}
          idPrefix="campaign"
        />
        <Field
          form={form}
          name="trackOpens"
          label={TEXTS.trackOpens}
          hint={TEXTS.trackOpensHint}
          kind="checkbox"
          disabled={sent}
          idPrefix="campaign"
        />
        {!sent && (
          <div className="cfg-actions">
            {savedNote && !form.formState.isDirty && <output className="cfg-saved">{TEXTS.saved}</output>}
            {saved && (
              <DeleteButton
                name={saved.subject || TEXTS.draft}
                pending={remove.isPending}
                onDelete={() =>
                  remove.mutateAsync(saved.id).then(
                    () => navigate('/campaigns'),
                    () => undefined,
                  )
                }
              />
            )}
            <button type="submit" className="cfg-button cfg-button-primary" disabled={save.isPending}>
              {save.isPending ? TEXTS.saving : TEXTS.saveDraft}
            </button>
          </div>
        )}
      </form>
      {saved && !sent && !form.formState.isDirty && (
        <SendPanel campaign={saved} listName={listName} onFailure={onFailure} />
      )}
    </>
  );
}

/** Compose a campaign at /config/campaigns/new and /config/campaigns/:campaignId. */
export function CampaignEditor() {
  const { campaignId } = useParams();
  const isNew = campaignId === undefined;
  const saved = useQuery({ ...campaignQuery(campaignId ?? ''), enabled: !isNew });
  return (
    <>
      <div className="cfg-page-head">
        <h1>{isNew ? TEXTS.newCampaign : saved.data?.subject || TEXTS.campaign}</h1>
      </div>
      {isNew ? (
        <EditorForm saved={null} />
      ) : saved.isPending ? (
        <SkeletonForm fields={4} />
      ) : saved.isError ? (
        <LoadError onRetry={() => saved.refetch()} />
      ) : (
        <EditorForm key={saved.dataUpdatedAt} saved={saved.data} />
      )}
    </>
  );
}
