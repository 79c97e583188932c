/**
 * Copy and numbers of the public site (docs/product/public-site-and-checkout.md §1–2, docs/product/decisions.md §4), in one module the owner can
 * edit. Contacts, social links, the club's name and the annual price are NOT here: they live in
 * the settings store (settings-defaults.ts) and reach the texts below through `{{placeholders}}`
 * filled by `fillContent`, so each fact has one source.
 */

/** The founder's numbers. The landing and the about page disagree in the recorded product; both
 *  readings are kept (docs/product/decisions.md §4) and can be made to agree here. */
export const CLUB_NUMBERS = {
  landing: { winesRated: '18k+', countries: '36+', ranking: 'Top 5' },
  about: { winesRated: '17k+', countries: '30+' },
} as const;

/** The recorded monthly plan (FAQ and contact only; the checkout sells the annual plan). */
export const MONTHLY_PLAN_PRICE_CENTS = 4990;

export const TAGLINE = 'Conectando pessoas por meio de experiências únicas e memoráveis.';
export const FOOTER_PROMISES = ['Cancele quando quiser', 'Suporte completo', 'Satisfação garantida'] as const;

/** Hero carousel: six member scenes (our own drawings), rotating every 5 seconds (docs/product/public-site-and-checkout.md §9). */
export const CAROUSEL_INTERVAL_MS = 5000;
export const HERO_SLIDES = [
  { src: '/images/members/brinde.svg', alt: 'Confrades erguendo as taças em um brinde' },
  { src: '/images/members/degustacao.svg', alt: 'Confrade avaliando a cor de um vinho tinto na taça' },
  { src: '/images/members/jantar.svg', alt: 'Mesa de jantar harmonizado com velas, taças e garrafas' },
  { src: '/images/members/vinhedo.svg', alt: 'Confrades caminhando em um vinhedo ao pôr do sol' },
  { src: '/images/members/adega.svg', alt: 'Adega com barris de carvalho e garrafas deitadas' },
  { src: '/images/members/encontro.svg', alt: 'Grupo de confrades conversando com taças na mão' },
] as const;

/** docs/product/public-site-and-checkout.md §2: the landing's subscribe button opens the checkout with these query values. */
export function subscribeHref(priceCents: number): string {
  return `/checkout?name=${encodeURIComponent('Novo Assinante')}&email=&amount=${priceCents}`;
}

export const LANDING = {
  heroTitle: 'Uma confraria para quem ama vinho',
  heroText:
    'Degustações, encontros, viagens e uma comunidade de apaixonados por vinho — com curadoria, ' +
    'moderação ativa e vagas limitadas.',
  subscribeLabel: 'Quero ser confrade',
  whatTitle: 'O que é a {{clubName}}?',
  whatText: [
    'Somos um grupo pago, com régua de entrada: só participam convidados aprovados pela confraria. ' +
      'Aqui o vinho é o ponto de partida para boas conversas, aprendizado e amizades.',
    'Você entra em um grupo de mensagens com vagas limitadas e moderação ativa, acessa a área de ' +
      'membros com tutoriais e aulas gravadas e recebe toda semana um resumo em PDF do que rolou.',
  ],
  priceTitle: 'Plano Único!',
  priceNote: 'Pagamento único, válido por 12 meses. A renovação é decisão sua, com preço especial.',
  moreTitle: 'Mais que Vinhos',
  founderTitle: 'Conheça o fundador',
  founderText:
    'Apaixonado por vinhos, nosso fundador criou a confraria para dividir descobertas com quem ' +
    'também gosta de abrir uma boa garrafa. É um dos avaliadores mais ativos do Brasil em um ' +
    'aplicativo de avaliação de vinhos.',
  socialTitle: 'Acompanhe a confraria',
  closingTitle: 'Pronto para brindar com a gente?',
  closingText: 'As vagas são limitadas para manter o grupo próximo e bem moderado.',
} as const;

/** "Mais que Vinhos" (docs/product/public-site-and-checkout.md §1): the benefits the landing states. */
export const BENEFITS = [
  { title: 'Grupo com régua de entrada', text: 'Grupo pago em que só participam convidados aprovados.' },
  { title: 'Vagas limitadas', text: 'Grupo de mensagens com vagas limitadas e moderação ativa.' },
  { title: 'Área de membros', text: 'Tutoriais e aulas gravadas para aprender no seu ritmo.' },
  { title: 'Resumo semanal', text: 'Um PDF toda semana com o melhor das conversas e indicações.' },
  { title: 'Encontros presenciais', text: 'Encontros, jantares harmonizados e viagens entre confrades.' },
  { title: 'Compras coletivas', text: 'Compras coletivas, descontos com parceiros e isenção de rolha.' },
  { title: '10% de cashback', text: 'Parte do que você investe volta para você.' },
  // Receipts only, or invoices too: what the club has configured (content/invoice-wording.ts).
  { title: '{{invoiceBenefitTitle}}', text: '{{invoiceBenefitText}}' },
] as const;

export const ABOUT = {
  title: 'Sobre Nós',
  intro: 'Uma comunidade de apaixonados por vinho que se encontra para aprender, provar e brindar.',
  historyTitle: 'Nossa história',
  history: [
    'A {{clubName}} nasceu de encontros entre amigos que queriam falar de vinho sem formalidade ' +
      'e sem esnobismo. As conversas cresceram, viraram degustações e, depois, uma comunidade.',
    'Hoje reunimos confrades de todo o Brasil em um grupo moderado, com encontros presenciais, ' +
      'jantares, viagens e uma área de membros com conteúdo para todos os níveis.',
  ],
  missionTitle: 'Nossa missão',
  mission:
    'Conectar pessoas por meio do vinho, tornando o conhecimento acessível e cada encontro uma ' +
    'experiência única e memorável.',
  valuesTitle: 'Nossos valores',
  values: [
    { title: 'Respeito mútuo', text: 'Todo paladar é bem-vindo; toda opinião é ouvida com atenção.' },
    { title: 'Aprendizado contínuo', text: 'Sempre há uma uva, uma região ou um produtor a descobrir.' },
    { title: 'Excelência', text: 'Curadoria cuidadosa em cada indicação, evento e parceria.' },
    { title: 'Comunidade', text: 'Amizades que começam em uma taça e continuam fora dela.' },
  ],
  founderTitle: 'O fundador',
  founderText:
    'Entusiasta do vinho, nosso fundador transformou a paixão em comunidade. Já avaliou milhares de ' +
    'rótulos e visitou vinícolas em dezenas de países — e segue aprendendo a cada garrafa aberta.',
  numbersTitle: 'Nossa comunidade em números',
} as const;

export const CONTACT_PAGE = {
  title: 'Fale Conosco',
  intro: 'Dúvidas sobre a assinatura, eventos ou parcerias? Escreva para a gente.',
  replyTime: 'Respondemos em até 24 horas',
  weekdayHours: 'Segunda a sexta, das 9h às 18h',
  openingHours: [
    { day: 'Segunda a sexta', hours: '9h às 18h' },
    { day: 'Sábado', hours: '9h às 14h' },
    { day: 'Domingo', hours: 'Fechado' },
  ],
  /** FAQ items shown on the contact page (ids from faq.ts). */
  faqIds: ['assinatura-plano-mensal', 'geral-comunidade', 'pagamento-formas'],
} as const;

/** Replaces `{{key}}` with the value of `vars[key]`; unknown keys are left as they are. */
export function fillContent(text: string, vars: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (match, key: string) => vars[key] ?? match);
}

/** "5511999990000" → "+55 (11) 99999-0000" (display only; links use the digits). */
export function displayPhone(digits: string): string {
  const match = /^(\d{2})(\d{2})(\d{4,5})(\d{4})$/.exec(digits);
  return match ? `+${match[1]} (${match[2]}) ${match[3]}-${match[4]}` : `+${digits}`;
}

/** wa.me chat link for the club's WhatsApp number, optionally with a first message. */
export function whatsappHref(digits: string, text?: string): string {
  return `https://wa.me/${digits}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}
