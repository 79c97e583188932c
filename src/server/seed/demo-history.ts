/**
 * A year of club history for the demo: members who joined month after month, veterans
 * who renewed (and two who did not), members whose year ends within 30 days, a failed card before
 * a paid one, a refund, and two paid newcomers awaiting approval — so the dashboard's charts and
 * tiles mean something at first sight. Deterministic (no randomness): the same run twice gives the
 * same people, and the payments seed skips the e-mails that already exist.
 */
import type { DemoSubscriber } from './payments';

/** First names of the made-up people (the demo seed and the bench's big club). */
export const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Camila',
  'Diego',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
  'Júlio',
  'Larissa',
  'Marcelo',
  'Natália',
  'Otávio',
  'Patrícia',
  'Renato',
  'Sofia',
  'Thiago',
  'Vanessa',
  'Vítor',
  'Aline',
  'Caio',
  'Débora',
  'Gustavo',
  'Helena',
  'Igor',
  'Letícia',
  'Márcio',
  'Priscila',
  'Ricardo',
  'Simone',
  'Tatiana',
];
const LAST_NAMES = ['Souza', 'Lima', 'Carvalho', 'Gomes', 'Ribeiro', 'Barbosa', 'Araújo', 'Teixeira'];
const CITIES: [string, string][] = [
  ['São Paulo', 'SP'],
  ['Rio de Janeiro', 'RJ'],
  ['Belo Horizonte', 'MG'],
  ['Curitiba', 'PR'],
  ['Florianópolis', 'SC'],
  ['Recife', 'PE'],
  ['Goiânia', 'GO'],
  ['Campinas', 'SP'],
];

/** A CPF with valid check digits, from a 9-digit base. */
export function demoCpf(seed: number): string {
  const base = String(100000000 + ((seed * 7919) % 899999999)).slice(0, 9);
  const digits = base.split('').map(Number);
  for (const length of [9, 10]) {
    const sum = digits
      .slice(0, length)
      .reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

/** A name as it goes into a made-up e-mail address: no accents, lower case. */
export const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

function person(
  index: number,
): Pick<DemoSubscriber, 'key' | 'name' | 'email' | 'phone' | 'cpf' | 'city' | 'state' | 'referralCode'> {
  const first = FIRST_NAMES[index % FIRST_NAMES.length]!;
  const last = LAST_NAMES[index % LAST_NAMES.length]!;
  const [city, state] = CITIES[index % CITIES.length]!;
  return {
    key: `historia${index}`,
    name: `${first} ${last}`,
    email: `${slug(first)}.${slug(last)}.${index}@exemplo.com.br`,
    phone: `11${String(970000000 + index * 1013).slice(0, 9)}`,
    cpf: demoCpf(index + 1),
    city,
    state,
    referralCode: `HIST${String(index).padStart(3, '0')}`,
  };
}

/** A member who paid `joined` days ago, approved two days later, one year from the payment. */
function newcomer(index: number, joined: number, method: 'pix' | 'credit_card'): DemoSubscriber {
  return {
    ...person(index),
    status: 365 - joined > 0 ? 'active' : 'expired',
    approvedDaysAgo: Math.max(joined - 2, 0),
    period: { start: -joined, end: 365 - joined },
    payments: [{ status: 'paid', method, at: joined, periodEnd: 365 - joined }],
    links: [],
  };
}

/** Joined more than a year ago and renewed (`renewed` days ago) before the year ended. */
function veteran(index: number, joined: number, renewed: number | null): DemoSubscriber {
  const firstEnd = 365 - joined;
  const end = renewed === null ? firstEnd : firstEnd + 365;
  return {
    ...person(index),
    status: end > 0 ? 'active' : 'expired',
    approvedDaysAgo: joined - 2,
    period: { start: -joined, end },
    payments: [
      { status: 'paid', method: 'credit_card', at: joined, periodEnd: firstEnd },
      ...(renewed === null
        ? []
        : [
            {
              status: 'paid' as const,
              method: 'pix' as const,
              planType: 'renewal' as const,
              at: renewed,
              periodEnd: end,
              previousEnd: firstEnd,
            },
          ]),
    ],
    links: [],
  };
}

export function yearOfMembers(): DemoSubscriber[] {
  const members: DemoSubscriber[] = [];
  let index = 0;
  // Two or three newcomers a month over the last year (days ago), the club growing toward now.
  const joinedDaysAgo = [
    352, 346, 338, 322, 301, 289, 270, 262, 243, 228, 215, 200, 187, 171, 160, 146, 131, 118, 104, 95, 82, 70,
    61, 49, 40, 33, 21, 14, 9, 5,
  ];
  for (const joined of joinedDaysAgo) {
    members.push(newcomer(index, joined, index % 3 === 0 ? 'pix' : 'credit_card'));
    index++;
  }
  // Veterans: four renewed in the last months, two let the year end.
  for (const [joined, renewed] of [
    [390, 30],
    [410, 50],
    [430, 70],
    [372, 10],
    [420, null],
    [400, null],
  ] as const) {
    members.push(veteran(index++, joined, renewed));
  }
  // A failed card, then PIX paid the same day.
  members.push({
    ...newcomer(index++, 12, 'pix'),
    payments: [
      { status: 'failed', method: 'credit_card', at: 12, failureReason: 'Cartão recusado pelo emissor' },
      { status: 'paid', method: 'pix', at: 12, periodEnd: 353 },
    ],
  });
  // Refunded within the first week: the period was cancelled.
  members.push({
    ...person(index++),
    status: 'cancelled',
    approvedDaysAgo: 150,
    period: { start: -152, end: -145 },
    payments: [{ status: 'refunded', method: 'credit_card', at: 152, refundedDaysAgo: 145 }],
    links: [],
  });
  // Paid this week, awaiting the club's approval.
  for (const joined of [1, 3]) {
    members.push({
      ...person(index++),
      status: 'pending',
      approvedDaysAgo: null,
      period: { start: -joined, end: 365 - joined },
      payments: [{ status: 'paid', method: 'pix', at: joined, periodEnd: 365 - joined }],
      links: [],
    });
  }
  return members;
}
