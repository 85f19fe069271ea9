export declare const CHROMIUM_PATH: string;
export declare const TEST_BROWSER_PATH: string;
export declare const CHROMIUM_FLAGS: string[];
export declare function assertChromium(path?: string): void;
