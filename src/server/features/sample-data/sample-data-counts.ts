/** How many sample records an organization holds (GET), or how many were removed (DELETE). */
export interface SampleDataCounts {
  leads: number;
  clients: number;
  companies: number;
  deals: number;
}
