import { noParams, type SpecsFor } from './spec.ts';

export interface FeedStatus {
  id: string;
  title: string;
  builtIn: boolean;
  eventCount: number;
  filmCount: number;
  lastSync: string | null;
  lastError: string | null;
  problems: string[];
}

export interface FeedMessages {
  getFeeds: { params: Record<string, never>; result: { feeds: FeedStatus[] } };
}

export const feedSpecs: SpecsFor<FeedMessages> = {
  getFeeds: { validate: noParams('getFeeds') },
};
