import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { useInviteContributor } from '../../../api/contributors';
import { Drawer } from '../../../components/Drawer';
import { Field } from '../../../components/Field';
import { ErrorNotice } from '../../../components/Status';
import { TEXTS } from '../../../texts';
import { ROLE_OPTIONS } from './roles';

const schema = z.object({
  email: z.string().trim().email(TEXTS.invalidEmail),
  name: z.string().trim().min(1, TEXTS.required),
  role: z.string().min(1, TEXTS.required),
});
type Values = z.infer<typeof schema>;

/** Invite by email with a role; the invitation email carries the set-password link. */
export function InviteDrawer() {
  const navigate = useNavigate();
  const invite = useInviteContributor();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', name: '', role: ROLE_OPTIONS.find((o) => o.value === '10')?.value ?? '' },
  });
  const close = () => navigate('..');
  const onSubmit = form.handleSubmit((values) =>
    invite.mutate({ ...values, role: Number(values.role) }, { onSuccess: close }),
  );
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
