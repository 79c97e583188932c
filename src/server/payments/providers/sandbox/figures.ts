/** The sandbox's figures of a paid charge: its rates applied to the amount, paid out after its days. */
import { DAY_MS } from '../../../../shared/sao-paulo-time';
import type { ChargeFigures, ChargeFiguresInput } from '../types';
import {
  SANDBOX_CARD_FEE_BASIS_POINTS,
  SANDBOX_CARD_PAYOUT_DAYS,
  SANDBOX_PIX_FEE_BASIS_POINTS,
  SANDBOX_PIX_PAYOUT_DAYS,
} from './constants';

export function sandboxFigures(input: ChargeFiguresInput, now: Date): ChargeFigures {
  const pix = input.method === 'pix';
  const fee = Math.round(
    (input.amount * (pix ? SANDBOX_PIX_FEE_BASIS_POINTS : SANDBOX_CARD_FEE_BASIS_POINTS)) / 10_000,
  );
  const payoutDate = new Date(
    input.paidAt.getTime() + (pix ? SANDBOX_PIX_PAYOUT_DAYS : SANDBOX_CARD_PAYOUT_DAYS) * DAY_MS,
  );
  return { gross: input.amount, fee, net: input.amount - fee, payoutDate, final: payoutDate <= now };
}
