import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { inviteBody, siteRole } from '../../../../../../server/src/modules/contributors/schema';
import { useInviteContributor } from '../../../api/contributors';
import { Drawer } from '../../../components/Drawer';
import { Field } from '../../../components/Field';
import { ErrorNotice } from '../../../components/Status';
import { TEXTS } from '../../../texts';
import { ROLE_OPTIONS } from './roles';

/** The server's own schema (the same messages inline as in its 400 answers); the role select gives text. */
const schema = inviteBody.extend({ role: z.coerce.number().pipe(siteRole) });
type Values = z.input<typeof schema>;

/** New contributors start as viewers (spec §6 role 10): they see the store and change nothing. */
const DEFAULT_ROLE = 10;

/** Invite by email with a role; the invitation email carries the set-password link. */
export function InviteDrawer() {
  const navigate = useNavigate();
  const invite = useInviteContributor();
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', name: '', role: String(DEFAULT_ROLE) },
  });
  const close = () => navigate('..');
  const onSubmit = form.handleSubmit((values) => invite.mutate(values, { onSuccess: close }));
  return (
    <Drawer title={TEXTS.invite} onClose={close}>
      <form onSubmit={onSubmit} noValidate className="cfg-form">
        <ErrorNotice error={invite.error} />
        <Field
          form={form}
          name="email"
          label={TEXTS.email}
          kind="email"
          autoComplete="off"
          idPrefix="invite"
        />
        <Field form={form} name="name" label={TEXTS.name} idPrefix="invite" />
        <Field
          form={form}
          name="role"
          label={TEXTS.role}
          kind="select"
          options={ROLE_OPTIONS}
          idPrefix="invite"
        />
        <div className="cfg-actions">
          <button type="button" className="cfg-button" onClick={close}>
            {TEXTS.cancel}
          </button>
          <button type="submit" className="cfg-button cfg-button-primary" disabled={invite.isPending}>
            {TEXTS.inviteButton}
          </button>
        </div>
      </form>
    </Drawer>
  );
}
