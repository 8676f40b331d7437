import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiFetch } from './api';

const FIVE_MINUTES = 5 * 60 * 1000;

// Lets a screen write useQuery({ queryKey: ['/api/...'] }) without repeating the fetcher.
const fetchByUrl: QueryFunction = ({ queryKey, signal }) => {
  const [url] = queryKey;
  if (typeof url !== 'string') throw new Error('Query key must start with a string URL');
  return apiFetch(url, { signal });
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: fetchByUrl,
        staleTime: FIVE_MINUTES,
        gcTime: FIVE_MINUTES,
        retry: 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
