/**
 * The FAQ (docs/product/public-site-and-checkout.md §2, docs/product/decisions.md §4): five categories, items with id, category, question and answer.
 * Answers may use `{{placeholders}}` (club name, prices, contacts) filled from the settings store by
 * the page, so prices and contacts are never copied here. `searchFaq` is the page's real filter.
 */

export const FAQ_CATEGORIES = [
  { id: 'geral', label: 'Geral' },
  { id: 'assinatura', label: 'Assinatura' },
  { id: 'beneficios', label: 'Benefícios' },
  { id: 'pagamento', label: 'Pagamento' },
  { id: 'tecnico', label: 'Técnico' },
] as const;

export type FaqCategory = (typeof FAQ_CATEGORIES)[number]['id'];
export const DEFAULT_FAQ_CATEGORY: FaqCategory = 'geral';

export interface FaqItem {
  id: string;
  category: FaqCategory;
  question: string;
  answer: string;
}

export const FAQ_ITEMS: readonly FaqItem[] = [
  // geral
  {
    id: 'geral-o-que-e',
    category: 'geral',
    question: 'O que é a {{clubName}}?',
    answer:
      'Uma comunidade paga de apaixonados por vinho, com régua de entrada: só participam convidados ' +
      'aprovados. Reunimos confrades em um grupo moderado, em encontros presenciais e em uma área de ' +
      'membros com conteúdo para todos os níveis.',
  },
  {
    id: 'geral-comunidade',
    category: 'geral',
    question: 'Como funciona a comunidade?',
    answer:
      'Os confrades conversam em um grupo de mensagens com vagas limitadas e moderação ativa, e também ' +
      'no nosso servidor de chat da comunidade, com canais por tema (rótulos, harmonização, viagens e ' +
      'compras coletivas). Toda semana enviamos um resumo em PDF com o melhor das conversas.',
  },
  {
    id: 'geral-degustacoes',
    category: 'geral',
    question: 'Vocês fazem degustações?',
    answer:
      'Sim! Realizamos degustações mensais, guiadas, com rótulos escolhidos pela curadoria, além de ' +
      'jantares harmonizados, encontros e viagens ao longo do ano.',
  },
  {
    id: 'geral-iniciantes',
    category: 'geral',
    question: 'Preciso entender de vinho para participar?',
    answer:
      'Não. A confraria recebe do iniciante ao especialista. O respeito mútuo e a vontade de aprender ' +
      'são os únicos pré-requisitos.',
  },
  {
    id: 'geral-encontros',
    category: 'geral',
    question: 'Onde acontecem os encontros?',
    answer:
      'Os encontros presenciais são anunciados no grupo com antecedência, em restaurantes e ' +
      'vinícolas parceiras. O conteúdo online pode ser acompanhado de qualquer lugar.',
  },
  // assinatura
  {
    id: 'assinatura-como',
    category: 'assinatura',
    question: 'Como faço para assinar?',
    answer:
      'Clique em "Quero ser confrade", preencha seus dados e pague o Plano Único anual de ' +
      '{{priceAnnual}}. Depois do pagamento, a confraria analisa e aprova a sua entrada.',
  },
  {
    id: 'assinatura-plano-mensal',
    category: 'assinatura',
    question: 'Existe plano mensal?',
    answer:
      'A confraria já ofereceu uma modalidade mensal de {{monthlyPrice}} por mês. Hoje as novas ' +
      'adesões pelo site são feitas no Plano Único anual de {{priceAnnual}}, pagamento único válido ' +
      'por 12 meses. Fale conosco se tiver dúvidas sobre a sua modalidade.',
  },
  {
    id: 'assinatura-aprovacao',
    category: 'assinatura',
    question: 'Por que existe aprovação para entrar?',
    answer:
      'A régua de entrada mantém o grupo próximo, respeitoso e bem moderado. Após o pagamento, a ' +
      'equipe aprova o cadastro e envia o acesso por e-mail e WhatsApp.',
  },
  {
    id: 'assinatura-cancelar',
    category: 'assinatura',
    question: 'Posso cancelar quando quiser?',
    answer:
      'Sim. O cancelamento pode ser pedido a qualquer momento e vale ao fim do período já pago: o ' +
      'acesso continua até lá. Não há reembolso proporcional do período restante.',
  },
  {
    id: 'assinatura-renovacao',
    category: 'assinatura',
    question: 'Como funciona a renovação?',
    answer:
      'A renovação é decisão sua. Avisamos com 30 e com 7 dias de antecedência e enviamos um link com ' +
      'preço especial para quem já é confrade.',
  },
  // beneficios
  {
    id: 'beneficios-lista',
    category: 'beneficios',
    question: 'Quais são os benefícios da assinatura?',
    answer:
      'Grupo com vagas limitadas e moderação ativa, área de membros com tutoriais e aulas gravadas, ' +
      'resumo semanal em PDF, encontros, jantares e viagens, compras coletivas, descontos com ' +
      'parceiros, isenção de rolha e 10% de cashback — {{invoiceBenefitsEnd}}.',
  },
  {
    id: 'beneficios-cashback',
    category: 'beneficios',
    question: 'Como funciona o cashback de 10%?',
    answer:
      'Parte do valor investido volta para você. Indicando novos confrades, você também recebe 10% do ' +
      'que cada indicado pagar, acompanhando tudo pela área de membros.',
  },
  {
    id: 'beneficios-parceiros',
    category: 'beneficios',
    question: 'Que descontos os parceiros oferecem?',
    answer:
      'Importadoras, lojas e restaurantes parceiros oferecem descontos exclusivos e isenção de taxa de ' +
      'rolha. A lista atualizada fica na área de membros.',
  },
  {
    id: 'beneficios-conteudo',
    category: 'beneficios',
    question: 'O que encontro na área de membros?',
    answer:
      'Tutoriais, aulas gravadas, materiais das degustações mensais, o resumo semanal e os dados da ' +
      'sua assinatura, pagamentos e indicações.',
  },
  // pagamento
  {
    id: 'pagamento-formas',
    category: 'pagamento',
    question: 'Quais são as formas de pagamento?',
    answer:
      'Cartão de crédito ou PIX, por um link de pagamento seguro. O Plano Único custa {{priceAnnual}} ' +
      'por ano, em pagamento único.',
  },
  {
    id: 'pagamento-seguranca',
    category: 'pagamento',
    question: 'O pagamento é seguro?',
    answer:
      'Sim. Os dados do cartão vão direto para o provedor de pagamentos; a confraria não armazena o ' +
      'número do cartão, apenas a bandeira e os quatro últimos dígitos.',
  },
  {
    id: 'pagamento-nota',
    category: 'pagamento',
    question: 'Recebo nota fiscal?',
    answer: '{{invoiceFaqAnswer}}',
  },
  {
    id: 'pagamento-confirmacao',
    category: 'pagamento',
    question: 'Quando recebo a confirmação do pagamento?',
    answer:
      'Assim que o pagamento é aprovado, você recebe um e-mail de confirmação com o link do grupo VIP ' +
      'dos confrades. No PIX a confirmação costuma ser imediata.',
  },
  // tecnico
  {
    id: 'tecnico-acesso',
    category: 'tecnico',
    question: 'Como acesso a área de membros?',
    answer:
      'Depois da aprovação você recebe por e-mail e WhatsApp um link para definir sua senha. Em ' +
      'seguida, entre pelo botão "Entrar" com o seu e-mail e a senha criada.',
  },
  {
    id: 'tecnico-senha',
    category: 'tecnico',
    question: 'Esqueci minha senha. E agora?',
    answer:
      'Na tela de login, use "Esqueci minha senha": enviaremos um link para você definir uma nova ' +
      'senha.',
  },
  {
    id: 'tecnico-dados',
    category: 'tecnico',
    question: 'Como atualizo meus dados cadastrais?',
    answer:
      'Use o botão "Já sou assinante" na página inicial. Por segurança, enviamos um código para o ' +
      'e-mail e o WhatsApp já cadastrados antes de mostrar ou alterar seus dados.',
  },
  {
    id: 'tecnico-app',
    category: 'tecnico',
    question: 'Existe um aplicativo?',
    answer:
      'O site pode ser instalado como aplicativo no celular ou no computador: quando o navegador ' +
      'oferecer, toque em "Instalar App".',
  },
];

// The search lives apart from the questions: the FAQ page served without the app loads it, and
// reads the questions from the page (src/client/components/public/faq-filter.ts).
export { normalizeText, searchFaq } from './faq-search';
