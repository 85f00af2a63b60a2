import type { Migration } from 'kysely'
import * as initial from './0001_initial.js'
import * as signer from './0002_signer.js'
import * as emailCodeSignup from './0003_email_code_signup.js'
import * as appOauthProviders from './0004_app_oauth_providers.js'
import * as sponsorship from './0005_sponsorship.js'
import * as solanaSponsorship from './0006_solana_sponsorship.js'
import * as uniqueCredentials from './0007_unique_credentials.js'
import * as provenEmails from './0008_proven_emails.js'
import * as signInFailures from './0009_sign_in_failures.js'
import * as sponsorLimits from './0010_sponsor_limits.js'
import * as apiKeyChangeNotices from './0011_api_key_change_notices.js'
import * as solanaQuoteSettlement from './0012_solana_quote_settlement.js'
import * as reservedShare from './0013_reserved_share.js'
import * as recoveryCodes from './0014_recovery_codes.js'
import * as customJwt from './0015_custom_jwt.js'
import * as smsCodes from './0016_sms_codes.js'
import * as multiOwner from './0017_multi_owner.js'
import * as authMethods from './0018_auth_methods.js'
import * as delegatedApiKeys from './0020_delegated_api_keys.js'
import * as importKeys from './0021_import_keys.js'
import * as smsFactors from './0022_sms_factors.js'

/**
 * Every migration of the store, by name. Names sort in the order they run; add `0002_…` below, never
 * rename or edit a migration that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_signer': signer,
  '0003_email_code_signup': emailCodeSignup,
  '0004_app_oauth_providers': appOauthProviders,
  '0005_sponsorship': sponsorship,
  '0006_solana_sponsorship': solanaSponsorship,
  '0007_unique_credentials': uniqueCredentials,
  '0008_proven_emails': provenEmails,
  '0009_sign_in_failures': signInFailures,
  '0010_sponsor_limits': sponsorLimits,
  '0011_api_key_change_notices': apiKeyChangeNotices,
  '0012_solana_quote_settlement': solanaQuoteSettlement,
  '0013_reserved_share': reservedShare,
  '0014_recovery_codes': recoveryCodes,
  '0015_custom_jwt': customJwt,
  '0016_sms_codes': smsCodes,
  '0017_multi_owner': multiOwner,
  '0018_auth_methods': authMethods,
  '0020_delegated_api_keys': delegatedApiKeys,
  '0021_import_keys': importKeys,
  '0022_sms_factors': smsFactors,
}
