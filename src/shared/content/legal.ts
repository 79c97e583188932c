/**
 * Terms of use and privacy policy (docs/product/public-site-and-checkout.md §2, §9): twelve sections each. The numbers the policy
 * promises are constants here so the text and any code that relies on them agree. Texts may use
 * `{{clubName}}`, `{{contactEmail}}`, `{{priceAnnual}}` (filled from the settings store).
 */

export const PRIVACY_CONSTANTS = {
  /** Answer to a data subject's request, in business days. */
  replyBusinessDays: 15,
  /** Retention: subscription data, navigation data (at most), communications (at most), in years. */
  retentionYears: { subscription: 5, navigation: 2, communications: 3 },
  /** Advance notice of a price change and of a change of these terms, in days. */
  noticeDays: 30,
} as const;

export interface LegalSection {
  title: string;
  paragraphs: string[];
  items?: string[];
}

const { replyBusinessDays, retentionYears, noticeDays } = PRIVACY_CONSTANTS;

export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    title: 'Aceitação dos termos',
    paragraphs: [
      'Ao criar uma conta, assinar ou usar o site da {{clubName}}, você declara que leu e concorda ' +
        'com estes Termos de Uso e com a nossa Política de Privacidade.',
    ],
  },
  {
    title: 'O serviço',
    paragraphs: [
      'A {{clubName}} é uma comunidade paga de apreciadores de vinho. A assinatura dá acesso ao grupo ' +
        'de mensagens dos confrades, à área de membros, ao resumo semanal e aos benefícios divulgados ' +
        'no site, enquanto estiver ativa.',
    ],
  },
  {
    title: 'Elegibilidade e aprovação',
    paragraphs: [
      'A participação é restrita a maiores de 18 anos. A confraria tem régua de entrada: após o ' +
        'pagamento, o cadastro é analisado e aprovado pela equipe.',
    ],
  },
  {
    title: 'Plano e preço',
    paragraphs: [
      'O Plano Único é anual, no valor de {{priceAnnual}}, em pagamento único válido por 12 meses a ' +
        'partir da confirmação do pagamento. A renovação não é automática: é uma decisão do confrade, ' +
        'com preço especial para quem já participa.',
      `Mudanças de preço são comunicadas com ${noticeDays} dias de antecedência e não afetam o período já pago.`,
    ],
  },
  {
    title: 'Pagamento',
    paragraphs: [
      'Os pagamentos são feitos por cartão de crédito ou PIX, por meio de um provedor de pagamentos. ' +
        'A confraria não armazena o número do cartão. {{invoiceTerms}}',
    ],
  },
  {
    title: 'Cancelamento e reembolso',
    paragraphs: [
      'Você pode cancelar quando quiser, pela área de membros ou pelos nossos canais de contato. O ' +
        'cancelamento produz efeitos ao fim do período pago: o acesso continua até a data de término ' +
        'da assinatura.',
      'Não há reembolso proporcional (pro rata) do período restante, salvo quando a lei exigir, como ' +
        'no direito de arrependimento de 7 dias previsto no Código de Defesa do Consumidor.',
    ],
  },
  {
    title: 'Conduta na comunidade',
    paragraphs: ['Para manter a confraria um lugar agradável, não são permitidos:'],
    items: [
      'desrespeito, discriminação ou assédio a qualquer pessoa;',
      'spam, propaganda não autorizada ou venda não combinada com a moderação;',
      'compartilhar conteúdo da área de membros ou dados de outros confrades fora da comunidade.',
    ],
  },
  {
    title: 'Moderação e suspensão',
    paragraphs: [
      'A moderação pode advertir, suspender ou excluir quem descumprir estes termos. Em caso de ' +
        'exclusão por violação grave, não há reembolso do período restante.',
    ],
  },
  {
    title: 'Conteúdo e propriedade intelectual',
    paragraphs: [
      'Aulas, tutoriais, resumos e demais materiais são de uso pessoal do confrade e não podem ser ' +
        'reproduzidos ou distribuídos sem autorização.',
    ],
  },
  {
    title: 'Consumo responsável',
    paragraphs: [
      'A confraria incentiva o consumo moderado e responsável de bebidas alcoólicas. Se beber, não ' +
        'dirija. A venda e o consumo de álcool são proibidos para menores de 18 anos.',
    ],
  },
  {
    title: 'Responsabilidades',
    paragraphs: [
      'Eventos com parceiros seguem também as regras de cada estabelecimento. A confraria se empenha ' +
        'em manter o site e o grupo disponíveis, mas pode interrompê-los para manutenção.',
    ],
  },
  {
    title: 'Alterações e contato',
    paragraphs: [
      `Estes termos podem mudar; avisaremos com ${noticeDays} dias de antecedência pelos canais ` +
        'cadastrados. Dúvidas: {{contactEmail}}. Fica eleito o foro do domicílio do consumidor.',
    ],
  },
];

export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    title: 'Quem somos',
    paragraphs: [
      'Esta política explica como a {{clubName}} trata dados pessoais, de acordo com a Lei Geral de ' +
        'Proteção de Dados Pessoais (LGPD, Lei nº 13.709/2018). A confraria é a controladora dos dados.',
    ],
  },
  {
    title: 'Dados que coletamos',
    paragraphs: ['Coletamos apenas o necessário para a assinatura e a comunidade:'],
    items: [
      'cadastro: nome, e-mail, telefone/WhatsApp, CPF, endereço e tamanho de camiseta;',
      'pagamento: forma de pagamento, valores, datas e, no cartão, apenas bandeira e quatro últimos dígitos;',
      'navegação: registros de acesso (data, hora e endereço IP) e preferências salvas no navegador;',
      'comunicações: mensagens enviadas pelo formulário de contato, e-mail e WhatsApp.',
    ],
  },
  {
    title: 'Para que usamos',
    paragraphs: [
      'Para criar e manter sua assinatura, processar pagamentos, emitir notas fiscais, aprovar a ' +
        'entrada na comunidade, enviar avisos de pagamento e renovação, responder seus contatos e ' +
        'melhorar o serviço.',
    ],
  },
  {
    title: 'Bases legais',
    paragraphs: [
      'Tratamos dados para executar o contrato de assinatura, cumprir obrigações legais e fiscais, ' +
        'atender ao nosso legítimo interesse em manter a comunidade segura e, quando for o caso, com ' +
        'o seu consentimento, que pode ser retirado a qualquer momento.',
    ],
  },
  {
    title: 'Compartilhamento',
    paragraphs: [
      'Compartilhamos dados somente com quem nos ajuda a prestar o serviço — provedor de pagamentos, ' +
        'serviços de e-mail e de mensagens — e com autoridades, quando a lei exigir. Não vendemos ' +
        'dados pessoais.',
    ],
  },
  {
    title: 'Cookies e armazenamento local',
    paragraphs: [
      'Usamos um cookie de sessão, essencial para manter você conectado, e o armazenamento do ' +
        'navegador para lembrar preferências (como dispensar o aviso de instalação do app). Não ' +
        'usamos cookies de publicidade.',
    ],
  },
  {
    title: 'Segurança',
    paragraphs: [
      'Senhas são guardadas apenas como hash, as sessões podem ser encerradas a qualquer momento e o ' +
        'acesso aos dados é restrito à equipe que precisa deles.',
    ],
  },
  {
    title: 'Por quanto tempo guardamos',
    paragraphs: ['Mantemos os dados pelo tempo necessário às finalidades acima:'],
    items: [
      `dados da assinatura e de pagamentos: ${retentionYears.subscription} anos após o fim da assinatura;`,
      `dados de navegação: até ${retentionYears.navigation} anos;`,
      `comunicações: até ${retentionYears.communications} anos.`,
    ],
  },
  {
    title: 'Seus direitos',
    paragraphs: [
      'Você pode pedir confirmação do tratamento, acesso, correção, anonimização, portabilidade ou ' +
        'exclusão dos seus dados, e informações sobre compartilhamento. Respondemos em até ' +
        `${replyBusinessDays} dias úteis.`,
    ],
  },
  {
    title: 'Menores de idade',
    paragraphs: ['A confraria é destinada a maiores de 18 anos e não coleta dados de menores de propósito.'],
  },
  {
    title: 'Alterações desta política',
    paragraphs: [
      `Avisaremos com ${noticeDays} dias de antecedência qualquer mudança relevante nesta política, ` +
        `assim como mudanças de preço, com o mesmo prazo de ${noticeDays} dias.`,
    ],
  },
  {
    title: 'Contato e encarregado',
    paragraphs: [
      'Para exercer seus direitos ou tirar dúvidas sobre privacidade, escreva para {{contactEmail}}. ' +
        'Você também pode recorrer à Autoridade Nacional de Proteção de Dados (ANPD).',
    ],
  },
];
