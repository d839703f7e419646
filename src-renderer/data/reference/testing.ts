import { useListPlaces } from '../../stores/listPlaces'
import { useProviderCodeStore } from '../../stores/providerCodes'
import { useTokenLabelStore } from '../../stores/tokenLabels'
import { forgetReadAllRuns } from '../readAll'

/** Forgets every learnt token label and provider code, every list's place and every "load all" (each test starts from nothing). */
export function forgetLearntData(): void {
  useTokenLabelStore.setState({ byProfile: new Map() })
  useProviderCodeStore.setState({ byProfile: {} })
  useListPlaces.setState({}, true)
  forgetReadAllRuns()
  // The stores are written to local storage when the window is idle; the page going away writes them now, so nothing is left pending.
  window.dispatchEvent(new Event('pagehide'))
}

/** One profile's learnt provider codes. */
export const providerCodesOf = (profileId: string): readonly string[] => useProviderCodeStore.getState().byProfile[profileId] ?? []
