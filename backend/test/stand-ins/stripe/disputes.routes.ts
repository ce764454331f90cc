import {
  notFound,
  stripeError,
  type StandInObject,
  type StandInReply,
  type StandInRequest,
  type StandInRoute,
  type StandInState,
} from './core';
import { isIntString } from './destination-charge';

/**
 * Disputes and the transfers of destination charges (shared/INTEGRATIONS.md: "After it succeeded it can still be
 * disputed (`charge.dispute.created`, `charge.dispute.closed`); recover the organization's share once with
 * `transfers.createReversal(transfer, { amount, metadata }, { idempotencyKey })`").
 *
 * Every succeeded destination charge carries `transfer` (`destinationTransfer`): the amount less the application fee,
 * paid to `transfer_data.destination`. Test hooks (not Stripe calls): `disputePayment` (the payer's bank disputes a
 * succeeded payment: `charge.dispute.created`) and `closeDispute` (won or lost: `charge.dispute.closed`), also
 * `POST {stand-in}/_test/payment_intents/{id}/dispute` (form `amount`, `reason`, optional) and
 * `POST {stand-in}/_test/disputes/{id}/{won|lost}` for a browser test.
 */

const now = () => Math.floor(Date.now() / 1000);

function objectOf(state: StandInState, id: unknown, kind: string): StandInObject | null {
  const o = typeof id === 'string' ? state.objects.get(id) : undefined;
  return o && o.object === kind ? o : null;
}

/** The transfer a destination charge makes to the connected account: its amount less the application fee. */
export function destinationTransfer(state: StandInState, charge: StandInObject): string | null {
  const destination = (charge.transfer_data as { destination?: string } | null | undefined)?.destination;
  if (!destination) return null;
  const transfer: StandInObject = {
    id: state.nextId('tr'),
    object: 'transfer',
    amount: (charge.amount as number) - ((charge.application_fee_amount as number | null) ?? 0),
    amount_reversed: 0,
    balance_transaction: null,
    created: now(),
    currency: charge.currency,
    description: null,
    destination,
    destination_payment: state.nextId('py'),
    livemode: false,
    metadata: {},
    reversals: { object: 'list', data: [], has_more: false, url: '' },
    reversed: false,
    source_transaction: charge.id,
    source_type: 'card',
    transfer_group: `group_${String(charge.payment_intent)}`,
  };
  (transfer.reversals as { url: string }).url = `/v1/transfers/${transfer.id}/reversals`;
  state.objects.set(transfer.id, transfer);
  return transfer.id;
}

/** The payer's bank disputes a succeeded payment (all of it unless `amount`): `charge.dispute.created`. */
export async function disputePayment(
  state: StandInState,
  paymentIntentId: string,
  opts: { amount?: number; reason?: string } = {},
): Promise<StandInObject> {
  const pi = objectOf(state, paymentIntentId, 'payment_intent');
  const charge = pi ? objectOf(state, pi.latest_charge, 'charge') : null;
  if (!pi || pi.status !== 'succeeded' || !charge) throw new Error(`PaymentIntent ${paymentIntentId} has no succeeded charge to dispute`);
  const amount = opts.amount ?? (charge.amount as number) - (charge.amount_refunded as number);
  if (amount <= 0 || amount > (charge.amount as number)) throw new Error(`Cannot dispute ${amount} of ${charge.id}`);
  const isBank = (pi.payment_method_types as string[] | undefined)?.includes('us_bank_account');
  const dispute: StandInObject = {
    id: state.nextId('dp'),
    object: 'dispute',
    amount,
    balance_transactions: [],
    charge: charge.id,
    created: now(),
    currency: charge.currency,
    enhanced_eligibility_types: [],
    evidence: {},
    evidence_details: { due_by: now() + 7 * 86400, has_evidence: false, past_due: false, submission_count: 0, enhanced_eligibility: {} },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: pi.id,
    payment_method_details: isBank
      ? { type: 'us_bank_account', us_bank_account: {} }
      : { type: 'card', card: { brand: 'visa', network_reason_code: '10.4' } },
    reason: opts.reason ?? (isBank ? 'debit_not_authorized' : 'fraudulent'),
    status: 'needs_response',
  };
  state.objects.set(dispute.id, dispute);
  charge.disputed = true;
  await state.emit('charge.dispute.created', structuredClone(dispute));
  return dispute;
}

/** The dispute is decided: `charge.dispute.closed` with status won or lost. */
export async function closeDispute(state: StandInState, disputeId: string, status: 'won' | 'lost'): Promise<StandInObject> {
  const dispute = objectOf(state, disputeId, 'dispute');
  if (!dispute) throw new Error(`no dispute ${disputeId}`);
  if (dispute.status === 'won' || dispute.status === 'lost') throw new Error(`dispute ${disputeId} is already ${String(dispute.status)}`);
  dispute.status = status;
  await state.emit('charge.dispute.closed', structuredClone(dispute));
  return dispute;
}

/** `POST /v1/transfers/{id}/reversals` (amount, metadata; with an idempotency key, as the contract asks). */
function createReversal(req: StandInRequest, state: StandInState, id: string): StandInReply {
  if (!req.idempotencyKey) return stripeError(400, 'Classlane contract: transfers.createReversal must carry an idempotency key');
  const transfer = objectOf(state, id, 'transfer');
  if (!transfer) return notFound('transfer', id);
  const left = (transfer.amount as number) - (transfer.amount_reversed as number);
  if (req.body.amount !== undefined && !isIntString(req.body.amount))
    return stripeError(400, 'Invalid integer: amount', 'invalid_request_error', { param: 'amount' });
  const amount = req.body.amount === undefined ? left : Number(req.body.amount);
  if (amount <= 0 || amount > left)
    return stripeError(
      400,
      `Amount to reverse ($${(amount / 100).toFixed(2)}) is greater than the amount left on the transfer ($${(left / 100).toFixed(2)}).`,
      'invalid_request_error',
      {
        param: 'amount',
      },
    );
  const reversal: StandInObject = {
    id: state.nextId('trr'),
    object: 'transfer_reversal',
    amount,
    balance_transaction: null,
    created: now(),
    currency: transfer.currency,
    destination_payment_refund: state.nextId('pyr'),
    metadata: (req.body.metadata as Record<string, unknown> | undefined) ?? {},
    source_refund: null,
    transfer: transfer.id,
  };
  state.objects.set(reversal.id, reversal);
  transfer.amount_reversed = (transfer.amount_reversed as number) + amount;
  transfer.reversed = transfer.amount_reversed === transfer.amount;
  (transfer.reversals as { data: StandInObject[] }).data.unshift(structuredClone(reversal));
  return [200, structuredClone(reversal)];
}

const guarded =
  (work: () => Promise<StandInObject>): (() => Promise<StandInReply>) =>
  async () => {
    try {
      return [200, await work()];
    } catch (e) {
      return stripeError(400, e instanceof Error ? e.message : String(e));
    }
  };

export const disputeRoutes: StandInRoute[] = [
  { method: 'POST', path: /^\/v1\/transfers\/([^/]+)\/reversals$/, handle: (req, state, [id]) => createReversal(req, state, id) },
  {
    method: 'POST',
    path: /^\/_test\/payment_intents\/([^/]+)\/dispute$/,
    browser: true,
    handle: (req, state, [id]) =>
      guarded(() =>
        disputePayment(state, id, {
          amount: isIntString(req.body.amount) ? Number(req.body.amount) : undefined,
          reason: typeof req.body.reason === 'string' ? req.body.reason : undefined,
        }),
      )(),
  },
  {
    method: 'POST',
    path: /^\/_test\/disputes\/([^/]+)\/(won|lost)$/,
    browser: true,
    handle: (_req, state, [id, status]) => guarded(() => closeDispute(state, id, status as 'won' | 'lost'))(),
  },
];
