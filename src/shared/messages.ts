/**
 * User-facing texts that code checks against (docs/product/public-site-and-checkout.md §8, docs/product/back-office-and-member-area.md §8, docs/product/decisions.md §4): kept in one
 * place so the screen, the server and the tests use the very same words.
 */
export const MSG = {
  httpError: (status: number) => `HTTP error! status: ${status}`,
  // The router's last-resort page, in the app's own words (it used to be English).
  routerFallback: 'Não foi possível abrir esta página',

  loginRequired: 'Email e senha são obrigatórios',
  loginFailed: 'Erro no login',
  invalidCredentials: 'Email ou senha inválidos',
  passwordsDontMatch: 'As senhas não coincidem',
  passwordTooShort: 'A senha deve ter pelo menos 8 caracteres',
  registerFailed: 'Erro no registro',
  registerScreenFailed: 'Erro ao criar conta',
  termsRequired: 'Você precisa aceitar os termos de uso',
  emailTaken: 'Este email já está cadastrado',
  nameRequired: 'Nome é obrigatório',
  nameTooLong: 'Nome muito longo',
  passwordTooLong: 'A senha deve ter no máximo 200 caracteres',
  emailRequired: 'Email é obrigatório',
  emailInvalid: 'Email inválido',
  tooManyRequests: 'Muitas tentativas. Aguarde um minuto e tente novamente.',
  notAuthenticated: 'Não autenticado. Faça login para continuar.',
  /** "Sair" whose outcome is unknown (network, 5xx, 429): the person stays signed in (ADR 056). */
  logoutFailed: 'Não foi possível sair agora. Verifique sua conexão e tente novamente.',
  forbidden: 'Você não tem permissão para acessar esta página.',
  badOrigin: 'Origem da requisição não permitida',
  invalidInput: 'Dados inválidos',
  malformedJson: 'JSON inválido no corpo da requisição',
  payloadTooLarge: 'Requisição muito grande',
  tooManyCalls: 'Chamadas demais em uma só requisição',
  notFound: 'Recurso não encontrado',
  internalError: 'Erro interno do servidor',
  /** The data folder's disk is full: nothing was written, the same request works once there is room. */
  noSpaceToWrite: 'O servidor está sem espaço para gravar. Tente novamente em instantes.',
  setPasswordTokenInvalid: 'Link inválido ou expirado. Solicite um novo link.',
  verifyEmailTokenInvalid: 'Link de confirmação inválido ou expirado. Entre na sua conta e peça um novo.',
  emailVerified:
    'Email confirmado! Agora defina uma nova senha: por segurança, a senha usada no cadastro deixou de valer e as sessões abertas foram encerradas.',
  emailAlreadyVerified: 'Seu email já está confirmado.',
  verificationSent: 'Enviamos um link de confirmação para o seu email.',
  forgotPasswordSent: 'Se o email estiver cadastrado, você receberá um link para definir sua senha.',
  passwordSet: 'Senha definida com sucesso! Faça login com a nova senha.',

  accessDeniedTitle: 'Acesso Negado',
  notFoundTitle: 'Página Não Encontrada',

  // The owner's account (ADR 028): two-factor sign-in and the per-account sign-in throttle.
  twoFactorCodeRequired:
    'Informe o código de 6 dígitos do seu aplicativo autenticador (ou um código de recuperação) para entrar.',
  twoFactorCodeInvalid:
    'Código inválido ou expirado. Confira o código no aplicativo autenticador e tente de novo.',
  accountThrottled: (wait: string) =>
    `Muitas tentativas de entrar nesta conta. Aguarde ${wait} e tente novamente.`,
  // Shown under the account-wide wait: the password with its code still goes through.
  accountThrottledCodeHint:
    'Se a sua conta usa o aplicativo autenticador, informe a senha e o código para entrar agora.',
  twoFactorLocked:
    'Muitos códigos errados nesta conta: os códigos do aplicativo ficam suspensos por 24 horas e avisamos o dono da conta por email. Entre de novo com a senha e um código de recuperação.',

  // Forms that never change data by themselves (ADR 033): the CEP question and the
  // unsaved-changes guard.
  cepSearching: 'Buscando endereço...',
  cepLookupFailed: 'Não encontramos o endereço deste CEP: preencha o endereço abaixo.',
  cepQuestionLabel: 'Endereço do CEP',
  cepReplaceQuestion: (cep: string, address: string) =>
    `O CEP ${cep} corresponde a ${address}. Substituir o endereço preenchido?`,
  cepReplace: 'Substituir',
  cepKeep: 'Manter',
  discardChangesQuestion: 'Descartar as alterações?',
  discardChangesHint: 'O que você mudou neste formulário ainda não foi salvo.',
  discardChanges: 'Descartar',
  keepEditing: 'Continuar editando',
} as const;
