import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { mediaLibraryQuery } from '../../../api/media';
import { collectionsQuery, type ProductDetail, productQuery } from '../../../api/products';
import { can, sessionQuery } from '../../../api/session';
import { Drawer } from '../../../components/Drawer';
import { LoadError, SkeletonForm } from '../../../components/Status';
import { areaContext } from '../../../context';
import { TEXTS } from '../../../texts';
import { fromProduct, newProductValues } from './form-model';
import { ProductForm } from './ProductForm';

/** The editor drawer: loads the product (or starts a new one) and hands it to the form. */
export function ProductEditor() {
  const { productId } = useParams();
  const navigate = useNavigate();
  const close = () => navigate({ pathname: '..', search: window.location.search });
  const isNew = productId === undefined;
  const { data: contributor } = useQuery(sessionQuery());
  const editable = can(contributor, 'products.write');
  const product = useQuery({ ...productQuery(productId ?? ''), enabled: !isNew });
  const collections = useQuery({ ...collectionsQuery(), enabled: isNew });
  const hasMedia = (product.data?.images ?? []).some((img) => 'mediaId' in img);
  const library = useQuery({ ...mediaLibraryQuery(), enabled: hasMedia });
  // The product whose last save went through (the drawer stays open from one product to the next).
  const [savedId, setSavedId] = useState<string | null>(null);
  const onSaved = (saved: boolean) => setSavedId(saved ? (productId ?? null) : null);

  const title = isNew ? TEXTS.newProduct : (product.data?.name ?? TEXTS.editProduct);
  const pending = isNew ? collections.isPending : product.isPending || (hasMedia && library.isPending);
  const failed = isNew ? collections.isError : product.isError;

  return (
    <Drawer title={title} onClose={close} wide>
      {pending ? (
        <SkeletonForm fields={6} />
      ) : failed ? (
        <LoadError onRetry={() => (isNew ? collections.refetch() : product.refetch())} />
      ) : isNew ? (
        <ProductForm
          key="new"
          initial={{ values: newProductValues(collections.data?.[0]?.id ?? ''), kept: {} }}
          collections={collections.data ?? []}
          editable={editable}
          saved={false}
          onSaved={onSaved}
          onClose={close}
        />
      ) : (
        <ProductForm
          key={`${product.data?.id}:${product.dataUpdatedAt}`}
          product={product.data as ProductDetail}
          initial={fromProduct(
            product.data as ProductDetail,
            new Map((library.data ?? []).map((asset) => [asset.id, asset.focalPoint] as const)),
            areaContext().currency,
          )}
          collections={[]}
          editable={editable}
          saved={savedId !== null && savedId === productId}
          onSaved={onSaved}
          onClose={close}
        />
      )}
    </Drawer>
  );
}
