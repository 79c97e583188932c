/**
 * The profile-update wizard (/formulario-atualizacao, docs/product/public-site-and-checkout.md §7, docs/product/decisions.md §3.8): find the record
 * (masked answer, code sent to the contacts on file), confirm the code, save the profile with the
 * token the code gave. Public and rate-limited per IP; the SPA calls them through tRPC, other programs the REST paths.
 */
import { CHECKOUT_MSG } from '../../../shared/checkout-schemas';
import { MSG } from '../../../shared/messages';
import {
  PROFILE_UPDATE_MSG,
  completeProfileInput,
  completeProfileResponse,
  requestFormInput,
  requestFormResponse,
  verifyCodeInput,
  verifyCodeResponse,
} from '../../../shared/profile-update-schemas';
import { procedureFor } from '../../operations/procedure';
import { requestForm } from '../profile-update/request-code';
import { verifyCode } from '../profile-update/verify-code';
import { completeProfile } from '../profile-update/complete-profile';

const TAG = ['subscriber-update'];

export const profileUpdateProcedures = {
  requestForm: procedureFor('public')
    .meta({
      rateLimit: 'profileUpdate',
      openapi: {
        method: 'POST',
        path: '/subscriber-update/request-form',
        tags: TAG,
        summary: 'Atualização de Dados, passo 1: procura o cadastro por email ou telefone e envia um código',
        description:
          'Responde sempre o mesmo, tenha ou não encontrado um cadastro: `message` ("Se encontrarmos o ' +
          'cadastro, enviaremos um código aos contatos confirmados.") e `requestId`, que o passo do código ' +
          'devolve. Nenhum dado do cadastro (nem o id) sai antes do código. Um código de 6 dígitos (válido ' +
          'por 10 minutos, 5 tentativas) vai só a contatos comprovados: ao email da conta do cadastro e ao ' +
          'WhatsApp que essa conta confirmou; um cadastro sem conta recebe o código só no email dele. Um novo ' +
          'código para o mesmo cadastro só depois de 1 minuto, e no máximo 3 por hora (sem aviso: o código ' +
          'anterior continua valendo). Cadastros de checkouts nunca pagos não são encontrados.',
        errorResponses: {
          400: `${PROFILE_UPDATE_MSG.lookupRequired} | ${CHECKOUT_MSG.emailInvalid} | ${CHECKOUT_MSG.phoneInvalid}`,
          429: MSG.tooManyRequests,
        },
      },
    })
    .input(requestFormInput)
    .output(requestFormResponse)
    .mutation(({ ctx: { services }, input }) => requestForm(services.profileUpdate, input)),

  verifyCode: procedureFor('public')
    .meta({
      rateLimit: 'profileUpdate',
      openapi: {
        method: 'POST',
        path: '/subscriber-update/verify-code',
        tags: TAG,
        summary: 'Atualização de Dados, passo 1: confirma o código enviado e libera os dados completos',
        description:
          'Recebe `requestId` (a resposta de `request-form`) e o código. Com o código certo (dentro de 10 ' +
          'minutos e de 5 tentativas; a 5ª errada bloqueia o código e um novo precisa ser pedido) responde ' +
          '`verificationToken` (válido por 30 minutos, para um único salvamento em `complete-profile`), os ' +
          'dados atuais completos para preencher o passo 2 e `contactsInPortal`: o cadastro tem conta, e o ' +
          'email e o telefone dele só mudam em "Meu Perfil". Uma busca que não encontrou cadastro recusa ' +
          'os códigos como um código errado.',
        errorResponses: {
          400: `${PROFILE_UPDATE_MSG.codeFormat} | ${PROFILE_UPDATE_MSG.codeWrong(4)} | ${PROFILE_UPDATE_MSG.codeLocked} | ${PROFILE_UPDATE_MSG.codeExpired}`,
          404: PROFILE_UPDATE_MSG.notFound,
          429: MSG.tooManyRequests,
        },
      },
    })
    .input(verifyCodeInput)
    .output(verifyCodeResponse)
    .mutation(({ ctx: { services }, input }) => verifyCode(services.profileUpdate, input)),

  completeProfile: procedureFor('public')
    .meta({
      rateLimit: 'profileUpdate',
      legacyNames: { tshirtSize: 'shirtSize' },
      openapi: {
        method: 'POST',
        path: '/subscriber-update/complete-profile',
        tags: TAG,
        summary: 'Atualização de Dados, passo 2: salva o perfil completo',
        description:
          'Além do payload documentado, exige `verificationToken` (a resposta de `verify-code`): sem ele, ' +
          'ou com um expirado, já usado ou de outro cadastro, nada muda (403). `firstName` + `lastName` ' +
          'formam o nome completo. Tamanhos P, M, G e GG; um tamanho definido pelo clube fora deles só ' +
          'pode ser mantido. Um cadastro com conta guarda o email e o telefone que tem (`contactsInPortal`: ' +
          'eles mudam em "Meu Perfil", com a senha). Num cadastro sem conta, um email novo só passa a valer ' +
          'depois de confirmado pelo link enviado a ele (`pendingEmail`; o email atual é avisado) e nunca ' +
          'pode ser o de outra conta ou cadastro (409). ' +
          'Marca o perfil como completo e registra no histórico; o status não muda. ' +
          '`credentials.email` é o login da conta (quando o cadastro tem uma); `accessInfo.dashboardUrl` ' +
          'leva ao login, onde "Esqueci minha senha" envia o link para definir a senha.',
        errorResponses: {
          400: `${PROFILE_UPDATE_MSG.firstNameRequired} | ${PROFILE_UPDATE_MSG.lastNameRequired} | ${CHECKOUT_MSG.cepLength} | ${PROFILE_UPDATE_MSG.shirtSizeInvalid} | …`,
          403: PROFILE_UPDATE_MSG.tokenInvalid,
          404: PROFILE_UPDATE_MSG.notFound,
          409: PROFILE_UPDATE_MSG.emailTaken,
          429: MSG.tooManyRequests,
        },
      },
    })
    .input(completeProfileInput)
    .output(completeProfileResponse)
    .mutation(({ ctx: { services }, input }) => completeProfile(services.profileUpdate, input)),
};
