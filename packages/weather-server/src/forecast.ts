/** The forecast for one point in the US, as `get_forecast` returns it. */
export interface Forecast {
  /** The nearest place the National Weather Service names for the point, e.g. "Tuscaloosa, AL"; null when it names none. */
  location: string | null;
  /** The latitude the forecast is for, rounded to 4 decimal places. */
  latitude: number;
  /** The longitude the forecast is for, rounded to 4 decimal places. */
  longitude: number;
  /** The point's IANA time zone, e.g. "America/Chicago"; period times are given in its local offset. */
  timeZone: string | null;
  /**
   * When the National Weather Service last updated this forecast.
   * @format date-time
   */
  updated: string | null;
  /** The forecast periods from now on, in order: usually 14, a day and a night for about a week. */
  periods: ForecastPeriod[];
}

/** One period of a forecast: a day, a night, or what remains of the current one. */
export interface ForecastPeriod {
  /** The period's name, e.g. "This Afternoon", "Tonight", "Saturday", "Saturday Night". */
  name: string;
  /**
   * When the period starts, with the local UTC offset.
   * @format date-time
   */
  startTime: string;
  /**
   * When the period ends, with the local UTC offset.
   * @format date-time
   */
  endTime: string;
  /** True for a daytime period, whose temperature is the high; false for a night, whose temperature is the low. */
  isDaytime: boolean;
  /** The high (day) or low (night) temperature, in `temperatureUnit`. */
  temperature: number;
  /** The temperature's unit: "F" for Fahrenheit or "C" for Celsius. */
  temperatureUnit: string;
  /** "rising" or "falling" when the temperature goes against the usual daily pattern; otherwise null. */
  temperatureTrend: string | null;
  /** The chance of precipitation in percent, 0 to 100; null when the forecast gives none (usually meaning it is negligible). */
  precipitationChance: number | null;
  /** Wind speed in words, e.g. "10 to 15 mph"; null when not given. */
  windSpeed: string | null;
  /** Compass direction the wind blows from, e.g. "NW"; null when not given. */
  windDirection: string | null;
  /** A few words, e.g. "Chance Showers And Thunderstorms". */
  shortForecast: string;
  /** A sentence or two, e.g. "Sunny, with a high near 69. Northwest wind 10 to 15 mph." */
  detailedForecast: string;
}
