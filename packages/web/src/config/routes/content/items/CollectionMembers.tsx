import { useForm } from 'react-hook-form';
import { type ContentCollection, useSaveCollectionMembers } from '../../../api/content';
import { ErrorNotice } from '../../../components/Status';
import { showServerErrors } from '../../../components/server-errors';
import { TEXTS } from '../../../texts';
import { MemberProducts } from '../item-editor/MemberProducts';

interface Values {
  memberProducts: string[];
}

/**
 * The chosen collection's settings: the paywall products that make all of it a member area
 * (issue 16), for those who may publish. Keyed by collection by its caller, so switching
 * collections starts afresh.
 */
export function CollectionMembers({ collection }: { collection: ContentCollection }) {
  const save = useSaveCollectionMembers();
  const form = useForm<Values>({ defaultValues: { memberProducts: collection.memberProducts } });
  const onSubmit = form.handleSubmit(async (values) => {
    // A multi-select of one option may hand back a lone string.
    const memberProducts = ([] as string[]).concat(values.memberProducts ?? []);
    await save.mutateAsync({ id: collection.id, memberProducts }).then(
      (saved) => form.reset({ memberProducts: saved.memberProducts }),
      (err: unknown) => {
        showServerErrors(form, err, ['memberProducts']);
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate className="cfg-form cfg-collection-settings">
      <MemberProducts
        form={form}
        disabled={false}
        id="collection-memberProducts"
        legend={`${TEXTS.collectionMemberArea}: ${collection.title}`}
        label={TEXTS.collectionMemberProducts}
        hint={TEXTS.collectionMemberProductsHint}
      />
      {save.isError && !form.formState.errors.memberProducts && <ErrorNotice error={save.error} />}
      <div className="cfg-actions cfg-actions-start">
        <button type="submit" className="cfg-button" disabled={save.isPending}>
          {save.isPending ? TEXTS.saving : TEXTS.collectionMembersSave}
        </button>
        {save.isSuccess && !form.formState.isDirty && <output className="cfg-saved">{TEXTS.saved}</output>}
      </div>
    </form>
  );
}
