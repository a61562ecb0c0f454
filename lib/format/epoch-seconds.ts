/** A time as the contract and the dashboard's API carry it: whole seconds since the epoch. */
export const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
