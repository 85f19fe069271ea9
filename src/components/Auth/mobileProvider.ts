/**
 * The mobile sign-in child (machines/mobileSignIn) with its two calls, as the login and sign-up
 * machines invoke it (./provider.ts, ./signUpProvider.ts). Its own file, so that each popup's
 * chunk carries only its own machine and this one.
 */
import { mobileSignInMachine } from '../../../machines/mobileSignIn/mobileSignInMachine';
import type { AccountServices } from '../../app/account';

export function provideMobileSignIn(services: AccountServices) {
  const { sendSignInCode, mobileSignIn } = services.actors;
  return mobileSignInMachine.provide({ actors: { sendSignInCode, signInWithCode: mobileSignIn } });
}
