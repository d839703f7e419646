/**
 * The deployed service's error catalogue as the service sends it: name, code, HTTP status
 * and its default message, as in the service's published generated clients. The
 * simulator's own copy of that data, kept apart from the client's
 * (`src-main/service/errorCatalogue.ts`), so a test against the simulator cannot pass
 * because both sides share a mistake.
 */
export interface WireError {
  name: string
  code: number
  status: number
  msg: string
}

const e = (name: string, code: number, status: number, msg: string): WireError => ({ name, code, status, msg })

export const WIRE_ERRORS: readonly WireError[] = [
  e('WebrpcEndpoint', 0, 400, 'endpoint error'),
  e('WebrpcRequestFailed', -1, 400, 'request failed'),
  e('WebrpcBadRoute', -2, 404, 'bad route'),
  e('WebrpcBadMethod', -3, 405, 'bad method'),
  e('WebrpcBadRequest', -4, 400, 'bad request'),
  e('WebrpcBadResponse', -5, 500, 'bad response'),
  e('WebrpcServerPanic', -6, 500, 'server panic'),
  e('WebrpcInternalError', -7, 500, 'internal error'),
  e('WebrpcClientDisconnected', -8, 400, 'client disconnected'),
  e('WebrpcStreamLost', -9, 400, 'stream lost'),
  e('WebrpcStreamFinished', -10, 200, 'stream finished'),
  e('Unauthorized', 1000, 401, 'Unauthorized access'),
  e('PermissionDenied', 1001, 403, 'Permission denied'),
  e('SessionExpired', 1002, 403, 'Session expired'),
  e('MethodNotFound', 1003, 404, 'Method not found'),
  e('RequestConflict', 1004, 409, 'Conflict with target resource'),
  e('Aborted', 1005, 400, 'Request aborted'),
  e('Geoblocked', 1006, 451, 'Geoblocked region'),
  e('RateLimited', 1007, 429, 'Rate-limited. Please slow down.'),
  e('ProjectNotFound', 1008, 401, 'Project not found'),
  e('SecretKeyCorsDisallowed', 1009, 403, "CORS disallowed. Admin API Secret Key can't be used from a web app."),
  e('AccessKeyNotFound', 1101, 401, 'Access key not found'),
  e('AccessKeyMismatch', 1102, 409, 'Access key mismatch'),
  e('InvalidOrigin', 1103, 403, 'Invalid origin for Access Key'),
  e('InvalidService', 1104, 403, 'Service not enabled for Access key'),
  e('UnauthorizedUser', 1105, 403, 'Unauthorized user'),
  e('InvalidChain', 1106, 403, 'Network not enabled for Access key'),
  e('QuotaExceeded', 1200, 429, 'Quota request exceeded'),
  e('QuotaRateLimit', 1201, 429, 'Quota rate limit exceeded'),
  e('NoDefaultKey', 1300, 403, 'No default access key found'),
  e('MaxAccessKeys', 1301, 403, 'Access keys limit reached'),
  e('AtLeastOneKey', 1302, 403, 'You need at least one Access Key'),
  e('Timeout', 1900, 408, 'Request timed out'),
  e('InvalidArgument', 2000, 400, 'Invalid argument'),
  e('Unexpected', 2001, 500, 'Unexpected server error'),
  e('Unavailable', 2002, 400, 'Unavailable resource'),
  e('QueryFailed', 2003, 400, 'DB query failed'),
  e('IntentStatus', 2004, 422, 'Invalid intent status'),
  e('QuoteExpired', 7001, 400, 'Intent quote has expired'),
  e('NotFound', 8000, 400, 'Resource not found'),
  e('UnsupportedNetwork', 8008, 422, 'Unsupported network'),
  e('ClientOutdated', 8009, 422, 'Client is outdated'),
  e('IntentsDisabled', 9000, 400, 'Intents service is currently unavailable'),
  e('NotImplemented', 9999, 500, 'Not Implemented'),
]

export const wireErrorByName = (name: string): WireError | undefined => WIRE_ERRORS.find((x) => x.name === name)
export const wireErrorByCode = (code: number): WireError | undefined => WIRE_ERRORS.find((x) => x.code === code)
