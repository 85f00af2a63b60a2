// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

/// @title ILightEntryPoint
/// @notice The EntryPoint calls a LightAccount makes; the same on EntryPoint v0.6 and v0.7.
interface ILightEntryPoint {
    function getNonce(address sender, uint192 key) external view returns (uint256 nonce);

    function balanceOf(address account) external view returns (uint256);

    function depositTo(address account) external payable;

    function withdrawTo(address payable withdrawAddress, uint256 withdrawAmount) external;
}
