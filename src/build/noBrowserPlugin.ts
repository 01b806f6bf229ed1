/**
 * A gatsby-browser with no API, standing in for those that act in `gatsby develop` only
 * (developmentOnly.ts): Gatsby's browser runner calls only the APIs a plugin exports.
 */
export {}
