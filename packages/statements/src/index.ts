/** Bank and mobile-money statement readers: see README.md in this package. */
export {};
