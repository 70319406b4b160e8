// The types of typed-api-calls.js, for eslint.config.js and the rule's test.
export declare const typedApiCallSelectors: readonly { selector: string; message: string }[];
