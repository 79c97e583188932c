/**
 * The automatic renewal's fields on the settings screen: typed as text, read by the server's own
 * rule, refused with the server's own Portuguese message.
 */
import { describe, expect, it } from 'vitest';
import { SETTINGS_MSG } from './content/settings-defaults';
import { retryDaysText, settingsForm } from './settings-schemas';

const issueOf = (values: Record<string, unknown>, field: string) =>
  settingsForm.safeParse(values).error?.issues.find((issue) => issue.path[0] === field)?.message;

describe('automatic renewal settings fields', () => {
  it('reads notice days and a retry schedule typed with commas or spaces', () => {
    const shape = settingsForm.shape;
    expect(shape.automaticRenewalNoticeDays.parse(' 10 ')).toBe(10);
    expect(shape.automaticRenewalRetryDays.parse('2, 4 8')).toEqual([2, 4, 8]);
    expect(shape.automaticRenewalRetryDays.parse('1;3')).toEqual([1, 3]);
    expect(retryDaysText([1, 3, 7])).toBe('1, 3, 7');
  });

  it.each(['0', '31', '7,5', 'sete', ''])('refuses notice days "%s"', (typed) => {
    expect(issueOf({ automaticRenewalNoticeDays: typed }, 'automaticRenewalNoticeDays')).toBe(
      SETTINGS_MSG.noticeDaysInvalid,
    );
  });

  it.each(['7, 3', '1, 1', '0, 2', '1, 2, 3, 4, 5, 6', '1, 31', 'um', ''])(
    'refuses the retry schedule "%s"',
    (typed) => {
      expect(issueOf({ automaticRenewalRetryDays: typed }, 'automaticRenewalRetryDays')).toBe(
        SETTINGS_MSG.retryDaysInvalid,
      );
    },
  );
});
