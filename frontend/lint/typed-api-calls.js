// One way to call the API in the SPA: a feature calls a route by its key, `apiClient.call('GET /api/…', { … })`,
// which types the path, query, body and reply from the route's contract. The client's low-level methods (send, get,
// post, put, patch, delete) take the reply's type on trust, so outside frontend/src/lib a type argument on them is
// refused, in every file, with no exemptions.

const lowLevelMethod =
  "[callee.object.name='apiClient'][callee.property.name=/^(send|get|post|put|patch|delete)$/]";
const lowLevelReference =
  "[expression.object.name='apiClient'][expression.property.name=/^(send|get|post|put|patch|delete)$/]";
const message =
  "Call the route by its key, apiClient.call('METHOD /api/…', { params, query, body }): its reply is typed from " +
  'the contract, not by hand.';

/** The `no-restricted-syntax` entries of the rule, for eslint.config.js. */
export const typedApiCallSelectors = [
  { selector: `CallExpression${lowLevelMethod}[typeArguments]`, message },
  { selector: `TSInstantiationExpression${lowLevelReference}`, message },
];
