// The types of typed-api-calls.js, for the test that names its list.
export declare const apiCallsStillToConvert: readonly string[];
export declare const typedApiCallSelectors: readonly { selector: string; message: string }[];
