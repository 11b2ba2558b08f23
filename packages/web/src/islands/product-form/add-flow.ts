import {
  ADD_TO_CART_ADDED_DELAY_MS,
  ADD_TO_CART_ADDED_DISPLAY_MS,
  ADD_TO_CART_ERROR_IDLE_MS,
  addItemFailureMessage,
  alertTitle,
  checkAddToCart,
  expressCheckoutRedirect,
  giftCardCheckoutUrl,
  hasUnlimitedStockByType,
  MESSAGES,
  ProductType,
  QUANTITY_MIN,
  SELECT_OPTION_REVERT_MS,
  type StockResult,
  subscriptionCheckoutUrl,
  TRACKED_ERROR_TYPES,
  type TrackedErrorType,
  unselectedOptions,
} from '@storefront/commerce';
import { ApiError, addCartEntry } from '../../api';
import { setCart } from '../../cart-store';
import { pageContext } from '../../context';
import { CRUMB_COOKIE, readCookie } from '../../cookies';
import { createSubscriptionCart, fetchStock } from './api';
import { checkoutCookies } from './cookies';
import { type AddToCartEventDetail, dispatchAddToCart } from './events';
import type { AddAttempt } from './types';

/** docs/api.md: a missing or wrong crumb answers 403. */
const CRUMB_REJECTED = 403;

/** A failure of one add attempt, as shown and tracked (spec §8). */
interface Failure {
  type: TrackedErrorType;
  message: string;
}

/** The message and tracked type of a failed API call (spec §8 add-item failures). */
function apiFailure(error: unknown): Failure {
  if (!(error instanceof ApiError)) return { type: 'API_FAILURE', message: MESSAGES.unableToAddItem };
  const message =
    error.status === CRUMB_REJECTED
      ? addItemFailureMessage({ crumbProblem: readCookie(CRUMB_COOKIE) ? 'expired' : 'cookies' })
      : error.message;
  const known = TRACKED_ERROR_TYPES.find((t) => t === error.type);
  return { type: known ?? 'API_FAILURE', message };
}

/**
 * One click on the add button, spec §4 "Add-to-cart check order": steps 1–2, fresh stock, steps
 * 3–4, the custom form, then gift-card checkout, the subscription call or the cart entry (and
 * express checkout). Every outcome dispatches the add-to-cart event once.
 */
export async function runAddToCart(a: AddAttempt): Promise<void> {
  const { product, selection, expressCheckout } = a;
  const itemId = product.id;
  const giftCard = product.productType === ProductType.GIFT_CARD;
  const hasForm = Boolean(product.additionalFieldsFormId);
  let stock: StockResult | null = null;

  function detail(): AddToCartEventDetail {
    const variantStock = stock ?? a.selectedVariant;
    return {
      pageType: pageContext().pageType,
      product: {
        id: itemId,
        name: product.name,
        productType: product.productType,
        isSubscribable: product.isSubscribable ?? false,
      },
      quantity: a.parsedQuantity,
      selectedVariant: a.selectedVariant,
      unselectedVariantOptions: unselectedOptions(product, selection),
      isInStock:
        variantStock !== null &&
        (hasUnlimitedStockByType(product) ||
          variantStock.unlimited ||
          variantStock.qtyInStock >= QUANTITY_MIN),
      expressCheckout,
      addToCartText: a.addToCartText,
      subscriptionId: a.subscriptionOptionId,
    };
  }

  /** Shows and tracks a failure; once the button says Adding…, it returns to idle after 1 s. */
  async function fail(failure: Failure, afterAdding: boolean): Promise<void> {
    dispatchAddToCart({ ...detail(), errorType: failure.type });
    const selectOption = failure.type === 'NO_VARIANT_SELECTED' && !giftCard;
    // One message: in the page beside 'Select Option', otherwise only in the alert.
    a.setMessage(selectOption ? failure.message : '');
    if (selectOption) {
      a.setPhase('select-option');
      await a.wait(SELECT_OPTION_REVERT_MS);
    } else {
      a.setAlert({ title: alertTitle({ expressCheckout, giftCard }), message: failure.message });
      if (afterAdding) {
        a.setPhase('failed');
        await a.wait(ADD_TO_CART_ERROR_IDLE_MS);
      }
    }
    if (a.isCurrent()) a.setPhase('idle');
  }

  const input = { product, selection, quantityInput: a.quantityInput, expressCheckout };
  // Steps 1–2 need no stock; the fresh stock is fetched only for a variant that exists.
  const early = checkAddToCart({ ...input, stock: { unlimited: true, qtyInStock: 0 } });
  if (!early.ok && (early.type === 'NO_VARIANT_SELECTED' || early.type === 'VARIANT_UNAVAILABLE')) {
    return fail(early, false);
  }

  a.setMessage('');
  a.setAlert(null);
  a.setPhase('adding');
  void import('./FailureAlert');
  // Spec §4: "added" shows 1 s after the click even when the answer comes sooner.
  let addedDelay = a.wait(ADD_TO_CART_ADDED_DELAY_MS);
  if (hasForm) void import('../CustomFormModal');

  const variant = a.selectedVariant;
  if (variant && !hasUnlimitedStockByType(product)) {
    try {
      const line = (await fetchStock(itemId)).find((l) => l.sku === variant.sku);
      // A sku the server no longer lists has no stock.
      stock = line
        ? { unlimited: line.unlimited, qtyInStock: line.qtyInStock }
        : { unlimited: false, qtyInStock: 0 };
    } catch (error) {
      if (!a.isCurrent()) return;
      const failure = apiFailure(error);
      return fail(hasForm ? { ...failure, type: 'CUSTOM_FORM_RENDER_ERROR_OUT_OF_STOCK' } : failure, true);
    }
    if (!a.isCurrent()) return;
  }

  const check = checkAddToCart({ ...input, stock });
  if (!check.ok) {
    // Spec §4 step 5 checks stock before the form opens; tracked as the form's own type.
    const type =
      hasForm && check.type === 'OUT_OF_STOCK' ? 'CUSTOM_FORM_RENDER_ERROR_OUT_OF_STOCK' : check.type;
    return fail({ type, message: check.message }, true);
  }

  let additionalFields: string | null = null;
  if (check.customFormId) {
    const outcome = await a.openCustomForm(check.customFormId);
    if (!a.isCurrent()) return;
    if (outcome.kind === 'cancelled') {
      a.clearTimers();
      a.setPhase('idle');
      return;
    }
    if (outcome.kind === 'load-failed') {
      return fail({ type: 'CUSTOM_FORM_RENDER_ERROR', message: MESSAGES.unableToOpenForm }, true);
    }
    additionalFields = outcome.values;
    addedDelay = a.wait(ADD_TO_CART_ADDED_DELAY_MS);
  }

  const sku = check.variant.sku;
  if (check.destination === 'gift-card-checkout') {
    dispatchAddToCart(detail());
    window.location.assign(giftCardCheckoutUrl(pageContext().websiteId, itemId, sku));
    return;
  }

  if (check.destination === 'subscription') {
    let cartToken: string;
    try {
      cartToken = await createSubscriptionCart({
        itemId,
        sku,
        ...(additionalFields === null ? { qty: check.quantity } : { additionalFields }),
        ...(a.subscriptionOptionId ? { subscriptionOptionId: a.subscriptionOptionId } : {}),
      });
    } catch (error) {
      if (!a.isCurrent()) return;
      const message = error instanceof ApiError ? error.message : MESSAGES.tryAgain;
      return fail({ type: hasForm ? 'SUB_WITH_FORM_FAILURE' : 'SUB_API_FAILURE', message }, true);
    }
    if (!a.isCurrent()) return;
    dispatchAddToCart(detail());
    window.location.assign(subscriptionCheckoutUrl(cartToken));
    return;
  }

  try {
    const result = await addCartEntry({
      itemId,
      sku,
      quantity: check.quantity,
      additionalFields,
      ...(a.amount ? { amount: a.amount } : {}),
    });
    if (!a.isCurrent()) return;
    setCart(result.shoppingCart);
  } catch (error) {
    if (!a.isCurrent()) return;
    return fail(apiFailure(error), true);
  }

  if (check.destination === 'express-checkout') {
    const redirect = expressCheckoutRedirect(checkoutCookies());
    if (!redirect.ok) return fail(redirect, true);
    dispatchAddToCart(detail());
    window.location.assign(redirect.url);
    return;
  }

  dispatchAddToCart(detail());
  void import('../AddedPopover').then((m) => m.showAddedPopover(product.name));
  await addedDelay;
  if (!a.isCurrent()) return;
  a.setPhase('added');
  await a.wait(ADD_TO_CART_ADDED_DISPLAY_MS);
  if (a.isCurrent()) a.setPhase('idle');
}
